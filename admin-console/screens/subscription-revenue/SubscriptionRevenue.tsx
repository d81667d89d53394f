import { Box, Typography } from '@mui/material';
import { useGetOne } from 'react-admin';
import { dollars } from '../../../api/contract/money';
import { unkeptChargeText } from '../../../api/contract/provider-refunds';
import {
  type MembershipChargeGivenBack,
  SUBSCRIPTION_REVENUE_ID,
  type SubscriptionRevenueReport,
  type SubscriptionRevenueScreen,
} from '../../../api/contract/subscription-revenue';
import { BarChart } from '../../components/BarChart';
import { Figure } from '../../components/Figure';
import { FiguresTable } from '../../components/FiguresTable';
import { FigureGrid, ReportCard } from '../../components/ReportLayout';
import { ScreenTitle } from '../../components/ScreenTitle';
import { Loading } from '../../layout/Loading';
import { REST_URL } from '../../providers/data-provider';

const MONTH_LABEL = new Intl.DateTimeFormat('en-US', { month: 'short', year: '2-digit', timeZone: 'UTC' });
const monthLabel = (month: string) => MONTH_LABEL.format(new Date(`${month}-01T00:00:00Z`));

function Report({ report }: { report: SubscriptionRevenueReport }) {
  return (
    <>
      <FigureGrid label="Subscription figures">
        <Figure label="MRR" value={dollars(report.mrrCents)} note="Active subscriptions that renew" />
        <Figure size="h5" label="Active" value={report.active} />
        <Figure size="h5" label="Cancelling" value={report.cancelling} note="Paid until their period ends" />
        <Figure size="h5" label="In grace" value={report.grace} note="A renewal was declined" />
      </FigureGrid>
      <ReportCard
        headingId="by-month-heading"
        title="Collected by month"
        csvHref={`${REST_URL}/subscription-revenue/${SUBSCRIPTION_REVENUE_ID}?format=csv`}
      >
        <BarChart
          bars={report.months.map((m) => ({
            key: m.month,
            value: Math.round(m.collectedCents / 100),
            label: monthLabel(m.month),
          }))}
          labelEvery={2}
        />
        <FiguresTable
          labelledBy="by-month-heading"
          columns={['Month', 'New', 'Cancelled', 'Churned', 'Collected']}
          rows={report.months.map((m) => ({
            key: m.month,
            cells: [m.month, m.started, m.cancelled, m.churned, dollars(m.collectedCents)],
          }))}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          New: subscriptions that started. Cancelled: cancellations taking effect that month. Churned:
          subscriptions that ended (cancelled or unpaid). A change of tier is neither new nor churn.
        </Typography>
      </ReportCard>
    </>
  );
}

/** Membership charges the app gave back unasked (a second subscription, a renewal after a cancel). */
function ChargesGivenBack({ charges }: { charges: MembershipChargeGivenBack[] }) {
  return (
    <ReportCard headingId="given-back-heading" title="Charges given back">
      {charges.length === 0 ? (
        <Typography variant="body2">No membership charge has been given back.</Typography>
      ) : (
        <FiguresTable
          labelledBy="given-back-heading"
          columns={['Member', 'Charge and refund']}
          rows={charges.map((charge) => ({
            key: String(charge.id),
            cells: [charge.email, unkeptChargeText(charge, dollars(charge.amount_cents))],
          }))}
        />
      )}
    </ReportCard>
  );
}

/**
 * Subscription revenue (VIEW_SUBSCRIPTION_REVENUE, docs/product/spec.md §6): MRR now and the last
 * 12 months, the chart and the CSV, all from one report (api/modules/membership/revenue.ts).
 */
export default function SubscriptionRevenue() {
  const { data, error, isPending } = useGetOne<SubscriptionRevenueScreen>('subscription-revenue', {
    id: SUBSCRIPTION_REVENUE_ID,
  });
  return (
    <Box sx={{ pb: 4 }}>
      <ScreenTitle
        title="Subscriptions"
        intro="Membership revenue: MRR now, and new, cancelled and ended subscriptions and money collected by month (UTC)."
      />
      {error ? (
        <Typography role="alert">The subscription figures could not be loaded.</Typography>
      ) : isPending || !data ? (
        <Loading />
      ) : (
        <>
          <Report report={data} />
          <ChargesGivenBack charges={data.chargesGivenBack} />
        </>
      )}
    </Box>
  );
}
