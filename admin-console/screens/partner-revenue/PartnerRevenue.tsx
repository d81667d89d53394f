import { Box } from '@mui/material';
import { dollars } from '../../../api/contract/money';
import { type PartnerRevenueReport, VENDOR_COMMISSION_PERCENT } from '../../../api/contract/partner-revenue';
import { BarChart } from '../../components/BarChart';
import { Figure } from '../../components/Figure';
import { FiguresTable } from '../../components/FiguresTable';
import { RangeReport } from '../../components/RangeReport';
import { FigureGrid, ReportCard } from '../../components/ReportLayout';
import { ScreenTitle } from '../../components/ScreenTitle';
import { REST_URL } from '../../providers/data-provider';
import { commissionByMonth } from './commission-by-month';

function Report({ report, id }: { report: PartnerRevenueReport; id: string }) {
  const t = report.totals;
  return (
    <>
      <FigureGrid label="Partner revenue figures">
        <Figure
          label="Partner revenue"
          value={dollars(t.commissionCents)}
          note={`${VENDOR_COMMISSION_PERCENT}% of vendor sales`}
        />
        <Figure label="Vendor sales" value={dollars(t.salesCents)} note={`${t.orders} orders`} />
        <Figure size="h5" label="Vendors" value={t.vendors} />
      </FigureGrid>
      <ReportCard
        headingId="partner-months-heading"
        title="Vendors by month"
        csvHref={`${REST_URL}/partner-revenue/${id}?format=csv`}
      >
        <BarChart
          bars={commissionByMonth(report.vendorMonths).map((m) => ({
            key: m.month,
            value: Math.round(m.commissionCents / 100),
            label: m.label,
          }))}
        />
        <FiguresTable
          labelledBy="partner-months-heading"
          columns={['Month', 'Vendor', 'Orders', 'Sales', 'Commission']}
          rows={report.vendorMonths.map((v) => ({
            key: `${v.month}-${v.vendorId}`,
            cells: [v.month, v.vendor, v.orders, dollars(v.salesCents), dollars(v.commissionCents)],
          }))}
        />
      </ReportCard>
    </>
  );
}

/**
 * Partner revenue (VIEW_PARTNER_REVENUE): sales of vendor-owned products and the platform's
 * commission on them, per vendor per month, for a range of UTC days (docs/decisions/0031-affiliates-and-partner-revenue.md).
 */
export default function PartnerRevenue() {
  return (
    <Box sx={{ pb: 4 }}>
      <ScreenTitle
        title="Partners"
        intro={`Vendor sales paid in the range (refunded orders excluded) and the platform's ${VENDOR_COMMISSION_PERCENT}% commission, per vendor per month, rounded down to the cent.`}
      />
      <RangeReport<PartnerRevenueReport> resource="partner-revenue" what="partner revenue">
        {(report, id) => <Report report={report} id={id} />}
      </RangeReport>
    </Box>
  );
}
