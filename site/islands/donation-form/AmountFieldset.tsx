import type { MouseEvent } from 'react';
import { centsFromDollars, PRESET_AMOUNTS_CENTS } from '../../../api/contract/donations';
import type { Election } from '../../../api/contract/fec-limits';
import { dollars } from '../../../api/contract/money';
import { FieldError } from '../../components/FieldError';
import type { FieldErrors } from '../../lib/form-errors';

/** The amount chosen, in cents: dollars typed under "Other amount" win, else the preset's (null when neither is one). */
export function amountCentsOf(preset: string, custom: string): number | null {
  if (custom.trim() !== '') {
    const cents = centsFromDollars(custom);
    return Number.isNaN(cents) ? null : cents;
  }
  if (preset !== 'custom' && preset !== '') return Number(preset);
  return null;
}

interface AmountFieldsetProps {
  /** The chosen preset's cents as text, or '' when none is chosen. */
  preset: string;
  onPreset: (preset: string) => void;
  custom: string;
  onCustom: (text: string) => void;
  errors: FieldErrors;
  /** What the member may still give toward the election (undefined when signed out). */
  remaining: number | undefined;
  election: Election;
  /** A tap or click on an amount moves on to the next question (arrow keys stay in the group). */
  onChosen?: () => void;
}

/**
 * The gift's amount: large buttons (radios, so the form posts without JavaScript), none chosen
 * unless the link named one; "Other amount" in dollars; the member's headroom.
 */
export function AmountFieldset({
  preset,
  onPreset,
  custom,
  onCustom,
  errors,
  remaining,
  election,
  onChosen,
}: AmountFieldsetProps) {
  const amountDescribedBy = errors.amountCents?.length ? 'donate-amountCents-error' : undefined;
  // A pointer's click has a count; the click a keyboard's arrow makes on a radio has none.
  const movesOn = (event: MouseEvent<HTMLInputElement>) => {
    if (event.detail > 0) onChosen?.();
  };
  return (
    <fieldset
      className="choice-group donate-form__amounts"
      aria-describedby={errors.amountCents ? 'donate-amountCents-error' : undefined}
    >
      <legend>Amount</legend>
      {PRESET_AMOUNTS_CENTS.map((cents, i) => (
        <label key={cents} className="donate-amount">
          <input
            id={`donate-amount-${i}`}
            type="radio"
            name="amount"
            value={String(cents)}
            checked={preset === String(cents) && custom.trim() === ''}
            onChange={() => {
              onPreset(String(cents));
              onCustom('');
            }}
            onClick={movesOn}
            aria-describedby={amountDescribedBy}
          />
          {dollars(cents).replace('.00', '')}
        </label>
      ))}
      <div className="field donate-form__other">
        <label htmlFor="donate-custom">Other amount in dollars</label>
        <input
          id="donate-custom"
          name="customAmount"
          inputMode="decimal"
          aria-describedby={amountDescribedBy}
          value={custom}
          onChange={(e) => {
            onCustom(e.target.value);
            onPreset('');
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
