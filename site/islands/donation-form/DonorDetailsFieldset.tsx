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

/** What a returning member must already have told us for their details to fold into one line. */
const KNOWN = ['firstName', 'lastName', 'email', 'street', 'city', 'state', 'zip'] as const;

interface DonorDetailsFieldsetProps {
  /** A field's first value: what was just posted, else what the member already told us. */
  prefill: (name: string) => string | undefined;
  errors: FieldErrors;
  states: ReferenceOption[];
  /** Employer and occupation are asked once the cycle's total passes $200. */
  askEmployer: boolean;
  /** A signed-in member whose details the form already holds: they fold into one line. */
  returning: boolean;
}

/**
 * "Your details": name, email, mailing address, and employer and occupation when the law asks for
 * them. A returning member sees who and where they give from in one line, the fields folded under
 * "Change my details" (still posted with the form), so the form fits two screens at 375 px.
 */
export function DonorDetailsFieldset(props: DonorDetailsFieldsetProps) {
  const { prefill, errors, states, askEmployer } = props;
  const known = (name: string) => Boolean(prefill(name));
  const employmentKnown = known('employer') && known('occupation');
  const refused = [...KNOWN, ...(askEmployer ? ['employer', 'occupation'] : [])].some(
    (name) => errors[name]?.length,
  );
  const folded = props.returning && KNOWN.every(known) && !refused && (!askEmployer || employmentKnown);
  const fields = (
    <>
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
    </>
  );
  return (
    <fieldset className="choice-group donate-form__details">
      <legend>Your details</legend>
      {folded ? (
        <>
          <p data-testid="donor-summary">
            {`${prefill('firstName')} ${prefill('lastName')}, ${prefill('email')}`}
            <br />
            {`${prefill('street')}, ${prefill('city')}, ${prefill('state')} ${prefill('zip')}`}
            {askEmployer && (
              <>
                <br />
                {`${prefill('occupation')}, ${prefill('employer')}`}
              </>
            )}
          </p>
          <details className="donate-form__change">
            <summary>Change my details</summary>
            {fields}
            {askEmployer && <p className="field-hint">{BEST_EFFORTS_STATEMENT}</p>}
          </details>
        </>
      ) : (
        <>
          {fields}
          {/* Said where employer and occupation are asked; a donor whose answers are on file finds it with them. */}
          {askEmployer && <p className="field-hint">{BEST_EFFORTS_STATEMENT}</p>}
        </>
      )}
    </fieldset>
  );
}
