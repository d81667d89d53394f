import type { ReactNode } from 'react';
import { type FieldErrors, fieldAria } from '../lib/form-errors';
import { FieldError } from './FieldError';

/** What a field's control must carry: its id and name, and the aria that points at its hint and error. */
export interface FieldControl {
  id: string;
  name: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

/**
 * One labelled form field: the label, the control `children` draws with the props it is given
 * (an input, a select or a textarea), an optional hint, and the server's error for `name`. Hint and
 * error ids follow fieldAria (`{idPrefix}-{name}-hint`, `-error`); the control's id is
 * `{idPrefix}-{name}` unless `id` says otherwise.
 */
export function FormField(props: {
  idPrefix: string;
  name: string;
  label: ReactNode;
  errors: FieldErrors;
  hint?: ReactNode;
  id?: string;
  children: (control: FieldControl) => ReactNode;
}) {
  const id = props.id ?? `${props.idPrefix}-${props.name}`;
  const aria = fieldAria(props.errors, props.name, props.idPrefix, props.hint !== undefined);
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      {props.children({ id, name: props.name, ...aria })}
      {props.hint !== undefined && (
        <p className="field-hint" id={`${props.idPrefix}-${props.name}-hint`}>
          {props.hint}
        </p>
      )}
      <FieldError id={`${props.idPrefix}-${props.name}-error`} messages={props.errors[props.name]} />
    </div>
  );
}
