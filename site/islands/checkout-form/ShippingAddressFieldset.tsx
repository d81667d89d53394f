import type { ReferenceOption } from '../../../api/contract/reference-options';
import { FieldError } from '../../components/FieldError';
import { UsAddressFields } from '../../components/UsAddressFields';
import type { FieldErrors } from '../../lib/form-errors';

const RECIPIENT = [
  ['email', 'Email', 'email'],
  ['name', 'Full name', 'name'],
] as const;

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
      {RECIPIENT.map(([name, label, auto]) => (
        <div key={name} className="field">
          <label htmlFor={`checkout-${name}`}>{label}</label>
          <input
            id={`checkout-${name}`}
            name={name}
            type={name === 'email' ? 'email' : 'text'}
            autoComplete={auto}
            value={values[name] ?? ''}
            onChange={(e) => onChange(name, e.target.value)}
            aria-invalid={errors[name] ? true : undefined}
            aria-describedby={errors[name] ? `checkout-${name}-error` : undefined}
          />
          <FieldError id={`checkout-${name}-error`} messages={errors[name]} />
        </div>
      ))}
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
