import type { ReferenceOption } from '../../../api/contract/reference-options';
import { type TextFieldSpec, TextFields } from '../../components/TextFields';
import { UsAddressFields } from '../../components/UsAddressFields';
import type { FieldErrors } from '../../lib/form-errors';

const RECIPIENT: TextFieldSpec[] = [
  ['email', 'Email', 'email', 'email'],
  ['name', 'Full name', 'name', 'text'],
];

/** Who the order goes to: email, name and a US address, held in the checkout's state. */
export function ShippingAddressFieldset({
  values,
  onChange,
  errors,
  states,
}: {
  values: Record<string, string | undefined>;
  onChange: (name: string, value: string) => void;
  errors: FieldErrors;
  states: ReferenceOption[];
}) {
  return (
    <fieldset className="checkout__address">
      <legend>Shipping address (United States)</legend>
      <TextFields idPrefix="checkout" specs={RECIPIENT} errors={errors} fields={{ values, onChange }} />
      <UsAddressFields
        idPrefix="checkout"
        streetName="line1"
        secondLine
        states={states}
        errors={errors}
        fields={{ values, onChange }}
      />
    </fieldset>
  );
}
