import { ATTESTATION_FIELDS } from '../../../api/contract/donations';
import { DONOR_ATTESTATIONS } from '../../../api/contract/fec-limits';
import { FieldError } from '../../components/FieldError';
import { type FieldErrors, fieldAria } from '../../lib/form-errors';

/** Each attestation checkbox's field name beside the words the donor confirms. */
const ATTESTATIONS = ATTESTATION_FIELDS.map((name, i) => [name, DONOR_ATTESTATIONS[i]] as const);

/** "By giving, I confirm that": the four attestations, checked again after a refused plain POST. */
export function AttestationsFieldset({
  initial,
  errors,
}: {
  initial: Record<string, string>;
  errors: FieldErrors;
}) {
  return (
    <fieldset className="choice-group">
      <legend>By giving, I confirm that</legend>
      {ATTESTATIONS.map(([name, text]) => (
        <div key={name} className="field field--checkbox">
          <label className="choice">
            <input
              id={`donate-${name}`}
              type="checkbox"
              name={name}
              defaultChecked={initial[name] === 'on'}
              {...fieldAria(errors, name, 'donate')}
            />{' '}
            {text}
          </label>
          <FieldError id={`donate-${name}-error`} messages={errors[name]} />
        </div>
      ))}
    </fieldset>
  );
}
