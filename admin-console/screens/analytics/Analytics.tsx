import {
  Alert,
  Box,
  Button,
  ButtonGroup,
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useGetOne } from 'react-admin';
import type { PageRow, PageViewReport, TrafficReport } from '../../../api/contract/analytics-reports';
import {
  type DayRange,
  daysBetween,
  lastDays,
  MAX_RANGE_DAYS,
  rangeId,
} from '../../../api/contract/day-ranges';
import { ScreenTitle } from '../../components/ScreenTitle';
import { Loading } from '../../layout/Loading';
import { useHasPermission } from '../../layout/RequirePermission';
import { ClickTrouble } from './ClickTrouble';
import { DailyChart } from './DailyChart';

const number = new Intl.NumberFormat('en-US');
const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 0 });
const PRESETS = [7, 30, 90] as const;

/** 95000 → '1m 35s'; null → '—'. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds}s`;
  return `${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, '0')}s`;
}

function rangeProblem(range: DayRange): string | null {
  let days: number;
  try {
    days = daysBetween(range.from, range.to).length;
  } catch {
    return 'Choose both dates.';
  }
  if (days === 0) return 'The start date must be on or before the end date.';
  if (days > MAX_RANGE_DAYS) return `Choose at most ${MAX_RANGE_DAYS} days.`;
  return null;
}

/**
 * Analytics (VIEW_ANALYTICS): sessions, referrers and UTM campaigns; with VIEW_PAGE_VIEWS also
 * page views over time, top pages, exit pages and average time on page. Both reports come from
 * the daily rollups (api/modules/analytics/reports); today's figures lag by up to 5 minutes.
 * Days are UTC days.
 */
export default function Analytics() {
  const canSeePageViews = useHasPermission('VIEW_PAGE_VIEWS');
  const [range, setRange] = useState<DayRange>(() => lastDays());
  const problem = rangeProblem(range);
  const id = rangeId(range);
  const traffic = useGetOne<TrafficReport>('analytics-traffic', { id }, { enabled: !problem });
  const pageViews = useGetOne<PageViewReport>(
    'analytics-page-views',
    { id },
    { enabled: !problem && canSeePageViews },
  );

  return (
    <Box sx={{ pb: 4 }}>
      <ScreenTitle
        title="Analytics"
        intro="Visits to the public site by day (UTC). Today's figures are at most 5 minutes behind."
      />
      <RangePicker range={range} onChange={setRange} problem={problem} />

      {!problem && (
        <Box sx={{ display: 'grid', gap: 3 }}>
          <Section title="Sessions over time">
            <Report query={traffic}>
              {(report) => (
                <>
                  <Figures
                    items={[
                      ['Sessions', number.format(report.totals.sessions)],
                      ['Daily visitors (summed)', number.format(report.totals.visitors)],
                    ]}
                  />
                  <DailyChart data={report.days.map((d) => ({ day: d.day, value: d.sessions }))} />
                  <DailyTable
                    caption="Sessions and visitors by day"
                    headers={['Sessions', 'Visitors']}
                    rows={report.days.map((d) => [d.day, d.sessions, d.visitors])}
                  />
                </>
              )}
            </Report>
          </Section>

          {canSeePageViews ? (
            <>
              <Section title="Page views over time">
                <Report query={pageViews}>
                  {(report) => (
                    <>
                      <Figures
                        items={[
                          ['Page views', number.format(report.totals.pageViews)],
                          ['Average time on page', formatDuration(report.totals.avgTimeOnPageMs)],
                        ]}
                      />
                      <DailyChart
                        color="#2e7d32"
                        data={report.days.map((d) => ({ day: d.day, value: d.pageViews }))}
                      />
                      <DailyTable
                        caption="Page views by day"
                        headers={['Page views']}
                        rows={report.days.map((d) => [d.day, d.pageViews])}
                      />
                    </>
                  )}
                </Report>
              </Section>
              <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { lg: '1fr 1fr' } }}>
                <Section title="Top pages">
                  <Report query={pageViews}>
                    {(report) => <PageTable caption="Most viewed pages" rows={report.topPages} />}
                  </Report>
                </Section>
                <Section title="Exit pages">
                  <Report query={pageViews}>
                    {(report) => (
                      <PageTable caption="Pages where visits ended" rows={report.exitPages} exits />
                    )}
                  </Report>
                </Section>
              </Box>
            </>
          ) : (
            <Alert severity="info">
              Page views, top and exit pages and time on page need the View Page Views permission.
            </Alert>
          )}

          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { lg: '1fr 1fr' } }}>
            <Section title="Referrers">
              <Report query={traffic}>
                {(report) => (
                  <SimpleTable
                    caption="Sessions by referring site"
                    headers={['Referrer', 'Sessions']}
                    empty="No sessions in this period."
                    rows={report.referrers.map((r) => [r.referrer || '(direct)', number.format(r.sessions)])}
                  />
                )}
              </Report>
            </Section>
            <Section title="UTM campaigns">
              <Report query={traffic}>
                {(report) => (
                  <SimpleTable
                    caption="Sessions by campaign"
                    headers={['Campaign', 'Source', 'Medium', 'Sessions']}
                    empty="No campaign traffic in this period."
                    rows={report.campaigns.map((c) => [
                      c.campaign,
                      c.source || '—',
                      c.medium || '—',
                      number.format(c.sessions),
                    ])}
                  />
                )}
              </Report>
            </Section>
          </Box>

          <ClickTrouble id={id} />
        </Box>
      )}
    </Box>
  );
}

function RangePicker({
  range,
  onChange,
  problem,
}: {
  range: DayRange;
  onChange: (range: DayRange) => void;
  problem: string | null;
}) {
  const current = (days: number) => {
    const preset = lastDays(days);
    return preset.from === range.from && preset.to === range.to;
  };
  return (
    <Box
      component="fieldset"
      sx={{ border: 0, p: 0, m: 0, mb: 3, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}
    >
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1, width: '100%' }}>
        Date range
      </Typography>
      <TextField
        label="From"
        type="date"
        size="small"
        sx={{ width: 190 }}
        value={range.from}
        onChange={(e) => onChange({ ...range, from: e.target.value })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: range.to } }}
        error={problem !== null}
      />
      <TextField
        label="To"
        type="date"
        size="small"
        sx={{ width: 190 }}
        value={range.to}
        onChange={(e) => onChange({ ...range, to: e.target.value })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: range.from } }}
        error={problem !== null}
        helperText={problem ?? undefined}
      />
      <ButtonGroup size="small" aria-label="Quick ranges">
        {PRESETS.map((days) => (
          <Button
            key={days}
            variant={current(days) ? 'contained' : 'outlined'}
            aria-pressed={current(days)}
            onClick={() => onChange(lastDays(days))}
          >
            Last {days} days
          </Button>
        ))}
      </ButtonGroup>
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = `analytics-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent>
        <Typography id={headingId} component="h2" variant="h6" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function Report<T>({
  query,
  children,
}: {
  query: { data?: T; isPending: boolean; error?: unknown };
  children: (data: T) => ReactNode;
}) {
  if (query.error) {
    const message = query.error instanceof Error ? query.error.message : 'The figures could not be loaded.';
    return <Typography role="alert">{message}</Typography>;
  }
  if (query.isPending || !query.data) return <Loading />;
  return <>{children(query.data)}</>;
}

function Figures({ items }: { items: [label: string, value: string][] }) {
  return (
    <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', gap: 4, m: 0, mb: 2 }}>
      {items.map(([label, value]) => (
        <Box key={label}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="h5" sx={{ m: 0 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function SimpleTable({
  caption,
  headers,
  rows,
  empty,
}: {
  caption: string;
  headers: string[];
  rows: (string | number)[][];
  empty: string;
}) {
  if (rows.length === 0) return <Typography color="text.secondary">{empty}</Typography>;
  return (
    <Table size="small">
      <caption style={{ captionSide: 'top', textAlign: 'left', padding: '0 0 8px' }}>{caption}</caption>
      <TableHead>
        <TableRow>
          {headers.map((h, i) => (
            <TableCell key={h} align={i === 0 ? 'left' : 'right'} scope="col">
              {h}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row, r) => (
          <TableRow key={r}>
            {row.map((cell, i) =>
              i === 0 ? (
                <TableCell key={headers[i]} component="th" scope="row" sx={{ wordBreak: 'break-all' }}>
                  {cell}
                </TableCell>
              ) : (
                <TableCell key={headers[i]} align="right">
                  {cell}
                </TableCell>
              ),
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function PageTable({ caption, rows, exits = false }: { caption: string; rows: PageRow[]; exits?: boolean }) {
  return (
    <SimpleTable
      caption={caption}
      empty="No page views in this period."
      headers={
        exits ? ['Page', 'Exits', 'Exit rate', 'Views'] : ['Page', 'Views', 'Avg. time on page', 'Exits']
      }
      rows={rows.map((p) =>
        exits
          ? [p.path, number.format(p.exits), percent.format(p.exitRate), number.format(p.pageViews)]
          : [p.path, number.format(p.pageViews), formatDuration(p.avgTimeOnPageMs), number.format(p.exits)],
      )}
    />
  );
}

function DailyTable({
  caption,
  headers,
  rows,
}: {
  caption: string;
  headers: string[];
  rows: [day: string, ...values: number[]][];
}) {
  return (
    <Box component="details" sx={{ mt: 1 }}>
      <summary>Daily figures</summary>
      <SimpleTable
        caption={caption}
        headers={['Day', ...headers]}
        empty="No days."
        rows={rows.map(([day, ...values]) => [day, ...values.map((v) => number.format(v))])}
      />
    </Box>
  );
}
