import type { ReferenceOption } from '../../api/contract/reference-options';
import { US_ADDRESS_LABELS } from '../../api/contract/us-address';
import type { FieldErrors } from '../lib/form-errors';
import { FormField } from './FormField';
import { type FieldValues, type TextFieldSpec, TextFields, valueProps } from './TextFields';

export interface UsAddressFieldsProps {
  /** The form's id prefix: the inputs are `${idPrefix}-${name}`, their errors `${idPrefix}-${name}-error`. */
  idPrefix: string;
  /** The street's field name: the gift form posts `street`, checkout `line1` (beside `line2`). */
  streetName: 'street' | 'line1';
  /** Checkout also asks for an apartment or suite, so its street is autofill's first line. */
  secondLine?: boolean;
  states: ReferenceOption[];
  errors: FieldErrors;
  fields: FieldValues;
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
  const inputs: TextFieldSpec[] = [
    [streetName, US_ADDRESS_LABELS.street, secondLine ? 'address-line1' : 'street-address', 'text'],
    ...(secondLine ? [['line2', US_ADDRESS_LABELS.line2, 'address-line2', 'text'] as const] : []),
    ['city', US_ADDRESS_LABELS.city, 'address-level2', 'text'],
    ['zip', US_ADDRESS_LABELS.zip, 'postal-code', 'text'],
  ];
  return (
    <>
      <TextFields idPrefix={idPrefix} specs={inputs} errors={errors} fields={fields} />
      <FormField idPrefix={idPrefix} name="state" label={US_ADDRESS_LABELS.state} errors={errors}>
        {({ id, name: controlName, ...aria }) => (
          <select id={id} name={controlName} {...valueProps(fields, 'state', '')} {...aria}>
            <option value="">{US_ADDRESS_LABELS.noState}</option>
            {states.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        )}
      </FormField>
    </>
  );
}
