import type { ChangeEvent } from 'react';
import type { FieldErrors } from '../lib/form-errors';
import { FormField } from './FormField';

/**
 * Where a form's values live: checkout keeps them in React state; the gift form only prefills
 * them and lets the browser hold them, so it also posts without JavaScript.
 */
export type FieldValues =
  | { values: Record<string, string | undefined>; onChange: (name: string, value: string) => void }
  | { prefill: (name: string) => string | undefined };

/** The value props of one control; `fallback` is what a prefilled select shows with nothing to prefill. */
export function valueProps(fields: FieldValues, name: string, fallback?: '') {
  if ('prefill' in fields) return { defaultValue: fields.prefill(name) ?? fallback };
  return {
    value: fields.values[name] ?? '',
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      fields.onChange(name, event.target.value),
  };
}

/** One text input: its name, label, autofill name and type (none: the browser's text). */
export type TextFieldSpec = readonly [
  name: string,
  label: string,
  autoComplete: string,
  type?: 'text' | 'email',
];

/** Labelled text inputs in a row of `.field`s, each with the server's error for it. */
export function TextFields({
  idPrefix,
  specs,
  errors,
  fields,
}: {
  idPrefix: string;
  specs: readonly TextFieldSpec[];
  errors: FieldErrors;
  fields: FieldValues;
}) {
  return specs.map(([name, label, autoComplete, type]) => (
    <FormField key={name} idPrefix={idPrefix} name={name} label={label} errors={errors}>
      {({ id, name: controlName, ...aria }) => (
        <input
          id={id}
          name={controlName}
          type={type}
          autoComplete={autoComplete}
          {...valueProps(fields, name)}
          {...aria}
        />
      )}
    </FormField>
  ));
}
