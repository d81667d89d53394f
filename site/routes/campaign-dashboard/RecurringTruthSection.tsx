import { type RecurringTruth, rateText } from '../../../api/modules/campaign-dashboard/recurring-truth';
import { TitledSection } from '../../server/form-section';

/**
 * The candidate's recurring refund rate and, where Stripe takes the payments, dispute rate
 * (docs/decisions/0094-refcodes-and-honest-monthly.md): donors who did not mean to give monthly
 * ask for their money back or dispute the charge, so these say whether the asks are honest.
 */
export function RecurringTruthSection({ truth, disputes }: { truth: RecurringTruth; disputes: boolean }) {
  return (
    <TitledSection headingId="recurring-truth-heading" title="Refunds and disputes">
      <dl className="dashboard-figures">
        <div>
          <dt>Monthly charges refunded</dt>
          <dd data-testid="recurring-refund-rate">{rateText(truth.monthlyRefunded, truth.monthlyCharges)}</dd>
        </div>
        {disputes && (
          <div>
            <dt>Gifts disputed</dt>
            <dd data-testid="dispute-rate">{rateText(truth.disputed, truth.gifts)}</dd>
          </div>
        )}
      </dl>
      <p>
        {`${truth.monthlyRefunded.toLocaleString('en-US')} of ${truth.monthlyCharges.toLocaleString('en-US')} monthly charges refunded`}
        {disputes &&
          `; ${truth.disputed.toLocaleString('en-US')} of ${truth.gifts.toLocaleString('en-US')} gifts disputed`}
        .
      </p>
    </TitledSection>
  );
}
