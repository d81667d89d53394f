import { dollars } from '../../../api/contract/money';
import type { RefundSummary } from '../../../api/modules/campaign-dashboard/refunds';
import { DataTable } from '../../components/DataTable';
import { dashboardDate } from './dashboard-date';

const giftsWord = (n: number) => (n === 1 ? '1 gift' : `${n.toLocaleString('en-US')} gifts`);

/**
 * The refunds line and the latest refunds, each with its day and reason
 * (docs/decisions/0077-refunds-the-candidate-sees.md): "Raised" counts paid gifts only, so a refund
 * lowers it, and this is where the candidate sees why.
 */
export function RefundsSection({ refunds, zone }: { refunds: RefundSummary; zone: string }) {
  return (
    <section aria-labelledby="refunds-heading">
      <h2 id="refunds-heading">Refunds</h2>
      <p data-testid="refunds-line">
        {refunds.count === 0
          ? 'No gifts refunded.'
          : `${giftsWord(refunds.count)} refunded, ${dollars(refunds.totalCents)} in all. Raised counts paid gifts only, so it does not include them.`}
      </p>
      {refunds.count > 0 && (
        <DataTable
          testId="refunds"
          caption="Refunded gifts"
          headings={['Refunded on', 'Donor', 'Amount', 'Reason']}
          rows={refunds.latest}
          rowKey={(r) => r.id}
          cells={(r) => [
            <time key="date" className="nowrap" dateTime={r.refundedAt.toISOString()}>
              {dashboardDate(r.refundedAt, zone)}
            </time>,
            r.name,
            dollars(r.amountCents),
            r.reason,
          ]}
          empty="No gifts refunded."
        />
      )}
    </section>
  );
}
