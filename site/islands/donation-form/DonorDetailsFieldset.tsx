import { BEST_EFFORTS_STATEMENT } from '../../../api/contract/donations';
import type { ReferenceOption } from '../../../api/contract/reference-options';
import { type TextFieldSpec, TextFields } from '../../components/TextFields';
import { UsAddressFields } from '../../components/UsAddressFields';
import type { FieldErrors } from '../../lib/form-errors';

const CONTACT: TextFieldSpec[] = [
  ['firstName', 'First name', 'given-name', 'text'],
  ['lastName', 'Last name', 'family-name', 'text'],
  ['email', 'Email', 'email', 'email'],
];

const EMPLOYMENT: TextFieldSpec[] = [
  ['employer', 'Employer', 'organization'],
  ['occupation', 'Occupation', 'organization-title'],
];

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
      <TextFields idPrefix="donate" specs={CONTACT} errors={errors} fields={{ prefill }} />
      <UsAddressFields
        idPrefix="donate"
        streetName="street"
        states={states}
        errors={errors}
        fields={{ prefill }}
      />
      {askEmployer && (
        <TextFields idPrefix="donate" specs={EMPLOYMENT} errors={errors} fields={{ prefill }} />
      )}
      <p className="field-hint">{BEST_EFFORTS_STATEMENT}</p>
    </fieldset>
  );
}
