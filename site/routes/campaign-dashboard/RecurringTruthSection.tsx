import { type RecurringTruth, rateText } from '../../../api/modules/campaign-dashboard/recurring-truth';
import { TitledSection } from '../../server/form-section';

const count = (n: number) => n.toLocaleString('en-US');

/**
 * The candidate's recurring refund rate and, where Stripe takes the payments, dispute rate
 * (docs/decisions/0094-refcodes-and-honest-monthly.md): donors who did not mean to give monthly
 * ask for their money back or dispute the charge, so these say whether the asks are honest.
 */
export function RecurringTruthSection({ truth, disputes }: { truth: RecurringTruth; disputes: boolean }) {
  return (
    <TitledSection headingId="recurring-truth-heading" title="Refund and dispute rates">
      <p>
        Monthly charges refunded:{' '}
        <strong data-testid="recurring-refund-rate">
          {rateText(truth.monthlyRefunded, truth.monthlyCharges)}
        </strong>{' '}
        {`(${count(truth.monthlyRefunded)} of ${count(truth.monthlyCharges)})`}
      </p>
      {disputes && (
        <p>
          Gifts disputed: <strong data-testid="dispute-rate">{rateText(truth.disputed, truth.gifts)}</strong>{' '}
          {`(${count(truth.disputed)} of ${count(truth.gifts)})`}
        </p>
      )}
    </TitledSection>
  );
}
