import { Box, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useGetOne } from 'react-admin';
import { type DayRange, dayCount, lastDays, MAX_RANGE_DAYS, rangeId } from '../../../api/contract/day-ranges';
import type { DonationRevenueReport } from '../../../api/contract/donation-reports';
import { dollars } from '../../../api/contract/money';
import { Figure } from '../../components/Figure';
import { FiguresTable } from '../../components/FiguresTable';
import { FigureGrid, ReportCard } from '../../components/ReportLayout';
import { ScreenTitle } from '../../components/ScreenTitle';
import { Loading } from '../../layout/Loading';
import { REST_URL } from '../../providers/data-provider';
import { DailyChart } from '../analytics/DailyChart';

function rangeProblem(range: DayRange): string | null {
  let days: number;
  try {
    days = dayCount(range.from, range.to);
  } catch {
    return 'Choose both dates.';
  }
  if (days === 0) return 'The start date must be on or before the end date.';
  if (days > MAX_RANGE_DAYS) return `Choose at most ${MAX_RANGE_DAYS} days.`;
  return null;
}

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
 * chart and the CSV, all from one report (api/modules/donations/revenue.ts, docs/decisions/0023).
 */
export default function DonationRevenue() {
  const [range, setRange] = useState<DayRange>(() => lastDays());
  const problem = rangeProblem(range);
  const id = rangeId(range);
  const { data, error, isPending } = useGetOne<DonationRevenueReport>(
    'donation-revenue',
    { id },
    { enabled: !problem },
  );
  return (
    <Box sx={{ pb: 4 }}>
      <ScreenTitle
        title="Donations"
        intro="Gifts received (gross), refunds and net by day (UTC), across every candidate."
      />
      <Box
        component="fieldset"
        sx={{ border: 0, p: 0, m: 0, mb: 3, display: 'flex', flexWrap: 'wrap', gap: 2 }}
      >
        <Typography component="legend" variant="subtitle2" sx={{ mb: 1, width: '100%' }}>
          Date range
        </Typography>
        <TextField
          label="From"
          type="date"
          size="small"
          value={range.from}
          onChange={(e) => setRange({ ...range, from: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
          error={problem !== null}
        />
        <TextField
          label="To"
          type="date"
          size="small"
          value={range.to}
          onChange={(e) => setRange({ ...range, to: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
          error={problem !== null}
          helperText={problem ?? undefined}
        />
      </Box>
      {problem ? null : error ? (
        <Typography role="alert">The donation figures could not be loaded.</Typography>
      ) : isPending || !data ? (
        <Loading />
      ) : (
        <Report report={data} id={id} />
      )}
    </Box>
  );
}
