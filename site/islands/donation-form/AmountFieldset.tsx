import { centsFromDollars, PRESET_AMOUNTS_CENTS } from '../../../api/contract/donations';
import type { Election } from '../../../api/contract/fec-limits';
import { dollars } from '../../../api/contract/money';
import { FieldError } from '../../components/FieldError';
import type { FieldErrors } from '../../lib/form-errors';

/** The amount chosen, in cents: a preset's, else the dollars typed under "Other amount" (null when not an amount). */
export function amountCentsOf(preset: string, custom: string): number | null {
  if (preset !== 'custom' && preset !== '') return Number(preset);
  const cents = centsFromDollars(custom);
  return Number.isNaN(cents) ? null : cents;
}

interface AmountFieldsetProps {
  /** The chosen preset's cents as text, 'custom', or '' when none is chosen. */
  preset: string;
  onPreset: (preset: string) => void;
  custom: string;
  onCustom: (text: string) => void;
  errors: FieldErrors;
  /** What the member may still give toward the election (undefined when signed out). */
  remaining: number | undefined;
  election: Election;
}

/** The gift's amount: the presets, "Other amount" and its dollars, and the member's headroom. */
export function AmountFieldset({
  preset,
  onPreset,
  custom,
  onCustom,
  errors,
  remaining,
  election,
}: AmountFieldsetProps) {
  const amountDescribedBy = errors.amountCents?.length ? 'donate-amountCents-error' : undefined;
  return (
    <fieldset
      className="choice-group donate-form__amounts"
      aria-describedby={errors.amountCents ? 'donate-amountCents-error' : undefined}
    >
      <legend>Amount</legend>
      {PRESET_AMOUNTS_CENTS.map((cents, i) => (
        <label key={cents} className="choice">
          <input
            id={`donate-amount-${i}`}
            type="radio"
            name="amount"
            value={String(cents)}
            checked={preset === String(cents)}
            onChange={() => onPreset(String(cents))}
            aria-describedby={amountDescribedBy}
          />
          {dollars(cents).replace('.00', '')}
        </label>
      ))}
      <label className="choice">
        <input
          type="radio"
          name="amount"
          value="custom"
          checked={preset === 'custom'}
          onChange={() => onPreset('custom')}
          aria-describedby={amountDescribedBy}
        />
        Other amount
      </label>
      <div className="field">
        <label htmlFor="donate-custom">Other amount in dollars</label>
        <input
          id="donate-custom"
          name="customAmount"
          inputMode="decimal"
          aria-describedby={amountDescribedBy}
          value={custom}
          onChange={(e) => {
            onCustom(e.target.value);
            onPreset('custom');
          }}
        />
      </div>
      <FieldError id="donate-amountCents-error" messages={errors.amountCents} />
      {remaining !== undefined && (
        <p className="field-hint" data-testid="headroom">
          You can give up to {dollars(remaining)} more for the {election}.
        </p>
      )}
    </fieldset>
  );
}
