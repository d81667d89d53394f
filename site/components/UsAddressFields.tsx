import type { ChangeEvent } from 'react';
import type { ReferenceOption } from '../../api/contract/reference-options';
import { US_ADDRESS_LABELS } from '../../api/contract/us-address';
import { type FieldErrors, fieldAria } from '../lib/form-errors';
import { FieldError } from './FieldError';

/**
 * Where the fields' values live: checkout keeps them in React state; the gift form only prefills
 * them and lets the browser hold them, so it also posts without JavaScript.
 */
export type AddressValues =
  | { values: Record<string, string | undefined>; onChange: (name: string, value: string) => void }
  | { prefill: (name: string) => string | undefined };

export interface UsAddressFieldsProps {
  /** The form's id prefix: the inputs are `${idPrefix}-${name}`, their errors `${idPrefix}-${name}-error`. */
  idPrefix: string;
  /** The street's field name: the gift form posts `street`, checkout `line1` (beside `line2`). */
  streetName: 'street' | 'line1';
  /** Checkout also asks for an apartment or suite, so its street is autofill's first line. */
  secondLine?: boolean;
  states: ReferenceOption[];
  errors: FieldErrors;
  fields: AddressValues;
}

/** The value props of one field; the state select falls back to its empty choice. */
function valueProps(fields: AddressValues, name: string, fallback?: '') {
  if ('prefill' in fields) return { defaultValue: fields.prefill(name) ?? fallback };
  return {
    value: fields.values[name] ?? '',
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      fields.onChange(name, event.target.value),
  };
}

/** A US mailing address's street, (second line,) city, ZIP code and state, as the gift form and checkout ask for it. */
export function UsAddressFields({
  idPrefix,
  streetName,
  secondLine = false,
  states,
  errors,
  fields,
}: UsAddressFieldsProps) {
  const inputs: [name: string, label: string, autoComplete: string][] = [
    [streetName, US_ADDRESS_LABELS.street, secondLine ? 'address-line1' : 'street-address'],
    ...(secondLine ? [['line2', US_ADDRESS_LABELS.line2, 'address-line2'] as [string, string, string]] : []),
    ['city', US_ADDRESS_LABELS.city, 'address-level2'],
    ['zip', US_ADDRESS_LABELS.zip, 'postal-code'],
  ];
  return (
    <>
      {inputs.map(([name, label, autoComplete]) => (
        <div key={name} className="field">
          <label htmlFor={`${idPrefix}-${name}`}>{label}</label>
          <input
            id={`${idPrefix}-${name}`}
            name={name}
            type="text"
            autoComplete={autoComplete}
            {...valueProps(fields, name)}
            {...fieldAria(errors, name, idPrefix)}
          />
          <FieldError id={`${idPrefix}-${name}-error`} messages={errors[name]} />
        </div>
      ))}
      <div className="field">
        <label htmlFor={`${idPrefix}-state`}>{US_ADDRESS_LABELS.state}</label>
        <select
          id={`${idPrefix}-state`}
          name="state"
          {...valueProps(fields, 'state', '')}
          {...fieldAria(errors, 'state', idPrefix)}
        >
          <option value="">{US_ADDRESS_LABELS.noState}</option>
          {states.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
        <FieldError id={`${idPrefix}-state-error`} messages={errors.state} />
      </div>
    </>
  );
}
