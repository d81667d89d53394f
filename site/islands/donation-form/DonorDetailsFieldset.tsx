import { BEST_EFFORTS_STATEMENT } from '../../../api/contract/donations';
import type { ReferenceOption } from '../../../api/contract/reference-options';
import { FieldError } from '../../components/FieldError';
import { UsAddressFields } from '../../components/UsAddressFields';
import { type FieldErrors, fieldAria } from '../../lib/form-errors';

const CONTACT = [
  ['firstName', 'First name', 'given-name'],
  ['lastName', 'Last name', 'family-name'],
  ['email', 'Email', 'email'],
] as const;

const EMPLOYMENT = [
  ['employer', 'Employer', 'organization'],
  ['occupation', 'Occupation', 'organization-title'],
] as const;

interface DonorDetailsFieldsetProps {
  /** A field's first value: what was just posted, else what the member already told us. */
  prefill: (name: string) => string | undefined;
  errors: FieldErrors;
  states: ReferenceOption[];
  /** Employer and occupation are asked once the cycle's total passes $200 (or were already given). */
  askEmployer: boolean;
}

/** "Your details": name, email, mailing address, and employer and occupation when the law asks for them. */
export function DonorDetailsFieldset({ prefill, errors, states, askEmployer }: DonorDetailsFieldsetProps) {
  return (
    <fieldset className="choice-group donate-form__details">
      <legend>Your details</legend>
      {CONTACT.map(([name, label, auto]) => (
        <div key={name} className="field">
          <label htmlFor={`donate-${name}`}>{label}</label>
          <input
            id={`donate-${name}`}
            name={name}
            type={name === 'email' ? 'email' : 'text'}
            autoComplete={auto}
            defaultValue={prefill(name)}
            {...fieldAria(errors, name, 'donate')}
          />
          <FieldError id={`donate-${name}-error`} messages={errors[name]} />
        </div>
      ))}
      <UsAddressFields
        idPrefix="donate"
        streetName="street"
        states={states}
        errors={errors}
        fields={{ prefill }}
      />
      {askEmployer &&
        EMPLOYMENT.map(([name, label, auto]) => (
          <div key={name} className="field">
            <label htmlFor={`donate-${name}`}>{label}</label>
            <input
              id={`donate-${name}`}
              name={name}
              autoComplete={auto}
              defaultValue={prefill(name)}
              {...fieldAria(errors, name, 'donate')}
            />
            <FieldError id={`donate-${name}-error`} messages={errors[name]} />
          </div>
        ))}
      <p className="field-hint">{BEST_EFFORTS_STATEMENT}</p>
    </fieldset>
  );
}
