import { Box, TextField, Typography } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useGetOne } from 'react-admin';
import { type DayRange, dayCount, lastDays, MAX_RANGE_DAYS, rangeId } from '../../api/contract/day-ranges';
import { Loading } from '../layout/Loading';

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

/**
 * A report over a date range (UTC days, the last 30 by default): the From/To fields, then the
 * REST report `resource`/<from>..<to> drawn by `children` once loaded. The revenue screens (donations,
 * partners) and the affiliates screen share it.
 */
export function RangeReport<Report extends { id: string }>({
  resource,
  what,
  children,
}: {
  resource: string;
  /** Names the figures in the error message: 'partner revenue'. */
  what: string;
  children: (report: Report, id: string) => ReactNode;
}) {
  const [range, setRange] = useState<DayRange>(() => lastDays());
  const problem = rangeProblem(range);
  const id = rangeId(range);
  const { data, error, isPending } = useGetOne<Report & { id: string }>(
    resource,
    { id },
    { enabled: !problem },
  );
  return (
    <>
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
        <Typography role="alert">The {what} figures could not be loaded.</Typography>
      ) : isPending || !data ? (
        <Loading />
      ) : (
        children(data, id)
      )}
    </>
  );
}
