import { RULES_FIELD } from '../../../api/contract/donations';
import { CONTRIBUTION_RULES_STATEMENT } from '../../../api/contract/fec-limits';
import { FieldError } from '../../components/FieldError';
import { type FieldErrors, fieldAria } from '../../lib/form-errors';

/**
 * The contribution rules as one statement beside the button, accepted with one box (the common
 * practice; the FEC asks for the donor's information and the committee's best efforts, not four
 * boxes). The server refuses a gift without it (api/modules/donations/schema.ts).
 */
export function RulesStatement({
  initial,
  errors,
}: {
  initial: Record<string, string>;
  errors: FieldErrors;
}) {
  return (
    <div className="field field--checkbox donate-form__rules">
      <label className="choice">
        <input
          id={`donate-${RULES_FIELD}`}
          type="checkbox"
          name={RULES_FIELD}
          defaultChecked={initial[RULES_FIELD] === 'on'}
          {...fieldAria(errors, RULES_FIELD, 'donate')}
        />{' '}
        <span>
          <strong>By giving I confirm:</strong> {CONTRIBUTION_RULES_STATEMENT}
        </span>
      </label>
      <FieldError id={`donate-${RULES_FIELD}-error`} messages={errors[RULES_FIELD]} />
    </div>
  );
}
