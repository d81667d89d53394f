import { Box } from '@mui/material';
import type { DonationRevenueReport } from '../../../api/contract/donation-reports';
import { dollars } from '../../../api/contract/money';
import { Figure } from '../../components/Figure';
import { FiguresTable } from '../../components/FiguresTable';
import { RangeReport } from '../../components/RangeReport';
import { FigureGrid, ReportCard } from '../../components/ReportLayout';
import { ScreenTitle } from '../../components/ScreenTitle';
import { REST_URL } from '../../providers/data-provider';
import { DailyChart } from '../analytics/DailyChart';

function Report({ report, id }: { report: DonationRevenueReport; id: string }) {
  const t = report.totals;
  return (
    <>
      <FigureGrid label="Donation figures">
        <Figure label="Gross" value={dollars(t.grossCents)} note={`${t.gifts} gifts`} />
        <Figure label="Refunded" value={dollars(t.refundedCents)} />
        <Figure label="Net" value={dollars(t.netCents)} />
        <Figure size="h5" label="Gifts" value={t.gifts} />
        <Figure size="h5" label="Donors" value={t.donors} />
      </FigureGrid>
      <ReportCard
        headingId="by-day-heading"
        title="Gifts by day"
        csvHref={`${REST_URL}/donation-revenue/${id}?format=csv`}
      >
        <DailyChart data={report.days.map((d) => ({ day: d.day, value: d.grossCents / 100 }))} />
        <FiguresTable
          labelledBy="by-day-heading"
          columns={['Day', 'Gifts', 'Gross', 'Refunded', 'Net']}
          rows={report.days
            .filter((d) => d.gifts > 0 || d.refundedCents > 0)
            .map((d) => ({
              key: d.day,
              cells: [d.day, d.gifts, dollars(d.grossCents), dollars(d.refundedCents), dollars(d.netCents)],
            }))}
        />
      </ReportCard>
    </>
  );
}

/**
 * Donation revenue (VIEW_CAMPAIGN_DONATIONS): gross, refunded and net by UTC day for a range, the
 * chart and the CSV, all from one report (api/modules/donations/revenue.ts, docs/decisions/0023-campaign-dashboard-and-refunds.md).
 */
export default function DonationRevenue() {
  return (
    <Box sx={{ pb: 4 }}>
      <ScreenTitle
        title="Donations"
        intro="Gifts received (gross), refunds and net by day (UTC), across every candidate."
      />
      <RangeReport<DonationRevenueReport> resource="donation-revenue" what="donation">
        {(report, id) => <Report report={report} id={id} />}
      </RangeReport>
    </Box>
  );
}
