import { GIFT_FREQUENCIES, type GiftFrequency } from '../../../api/contract/donations';
import { FieldError } from '../../components/FieldError';
import type { FieldErrors } from '../../lib/form-errors';

/** "How often": once or monthly; unset until the donor chooses. */
export function FrequencyFieldset({
  frequency,
  onFrequency,
  errors,
}: {
  frequency: GiftFrequency | null;
  onFrequency: (frequency: GiftFrequency) => void;
  errors: FieldErrors;
}) {
  return (
    <fieldset
      className="choice-group"
      aria-describedby={errors.frequency ? 'donate-frequency-error' : undefined}
    >
      <legend>How often</legend>
      {GIFT_FREQUENCIES.map((f) => (
        <label key={f} className="choice">
          <input
            id={`donate-frequency-${f}`}
            type="radio"
            name="frequency"
            value={f}
            checked={frequency === f}
            onChange={() => onFrequency(f)}
          />
          {f === 'once' ? 'One time' : 'Monthly'}
        </label>
      ))}
      <FieldError id="donate-frequency-error" messages={errors.frequency} />
    </fieldset>
  );
}
