import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { AFFILIATE_COMMISSION_PERCENT, type AffiliateReport } from '../../../api/contract/affiliates';
import { dollars } from '../../../api/contract/money';
import { Figure } from '../../components/Figure';
import { RangeReport } from '../../components/RangeReport';
import { FigureGrid, ReportCard } from '../../components/ReportLayout';
import { ScreenTitle } from '../../components/ScreenTitle';
import { REST_URL } from '../../providers/data-provider';
import { DailyChart } from '../analytics/DailyChart';
import { PayoutButton } from './PayoutButton';

const FIGURE_COLUMNS = ['Clicks', 'Conversions', 'Earned', 'Reversed', 'Paid', 'Owed now'];

function AffiliatesTable({ report }: { report: AffiliateReport }) {
  if (report.affiliates.length === 0) return <Typography>No one has joined the program yet.</Typography>;
  return (
    <Table size="small" aria-labelledby="affiliates-heading">
      <TableHead>
        <TableRow>
          <TableCell component="th" scope="col">
            Affiliate
          </TableCell>
          {FIGURE_COLUMNS.map((c) => (
            <TableCell key={c} component="th" scope="col" align="right">
              {c}
            </TableCell>
          ))}
          <TableCell component="th" scope="col">
            Payout
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {report.affiliates.map((a) => (
          <TableRow key={a.id}>
            <TableCell component="th" scope="row">
              {a.code} · {a.name}
            </TableCell>
            {[
              a.clicks,
              a.conversions,
              dollars(a.earnedCents),
              dollars(a.reversedCents),
              dollars(a.paidCents),
              dollars(a.balanceCents),
            ].map((v, i) => (
              <TableCell key={FIGURE_COLUMNS[i]} align="right">
                {v}
              </TableCell>
            ))}
            <TableCell>
              <PayoutButton affiliate={a} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function Report({ report, id }: { report: AffiliateReport; id: string }) {
  const t = report.totals;
  return (
    <>
      <FigureGrid label="Affiliate figures">
        <Figure
          label="Commission earned"
          value={dollars(t.earnedCents)}
          note={`${t.conversions} conversions`}
        />
        <Figure label="Attributed sales" value={dollars(t.salesCents)} />
        <Figure label="Reversed" value={dollars(t.reversedCents)} note="refunded sales" />
        <Figure label="Paid out" value={dollars(t.paidCents)} />
        <Figure size="h5" label="Clicks" value={t.clicks} />
      </FigureGrid>
      <ReportCard
        headingId="affiliates-heading"
        title="Affiliates"
        csvHref={`${REST_URL}/affiliate-report/${id}?format=csv`}
      >
        <DailyChart data={report.days.map((d) => ({ day: d.day, value: d.earnedCents / 100 }))} />
        <AffiliatesTable report={report} />
      </ReportCard>
    </>
  );
}

/**
 * The affiliate program (VIEW_AFFILIATES): clicks, conversions and commission for a range of UTC
 * days, each affiliate's balance and, with SETTLE_PAYOUTS, recording its payout (docs/decisions/0031-affiliates-and-partner-revenue.md).
 */
export default function AffiliatesReport() {
  return (
    <Box sx={{ pb: 4 }}>
      <ScreenTitle
        title="Affiliates"
        intro={`Visits through referral links, attributed purchases and the ${AFFILIATE_COMMISSION_PERCENT}% commission earned (rounded down to the cent), by UTC day; owed is what each affiliate is owed today.`}
      />
      <RangeReport<AffiliateReport> resource="affiliate-report" what="affiliate">
        {(report, id) => <Report report={report} id={id} />}
      </RangeReport>
    </Box>
  );
}
