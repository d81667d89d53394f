import { sql } from 'kysely';
import { type DayRange, dayStart, utcDay } from '../../contract/day-ranges';

const DAY_MS = 86_400_000;
const shiftDay = (day: string, days: number) => utcDay(new Date(dayStart(day).getTime() + days * DAY_MS));
const monthOf = (day: string) => `${day.slice(0, 7)}-01`;
function nextMonth(first: string): string {
  const d = dayStart(first);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return utcDay(d);
}

/**
 * A day range as the whole UTC months inside it ([first, end) by their first days, or null) and
 * the days before and after them: a year reads 12 month rows and at most two partial months of
 * day rows per affiliate instead of 366 day rows.
 */
export function splitIntoMonths(range: DayRange): {
  months: { first: string; end: string } | null;
  edges: DayRange[];
} {
  const first = range.from.endsWith('-01') ? range.from : nextMonth(monthOf(range.from));
  const afterTo = shiftDay(range.to, 1);
  const end = afterTo.endsWith('-01') ? afterTo : monthOf(range.to);
  if (first >= end) return { months: null, edges: [range] };
  const edges: DayRange[] = [];
  if (range.from < first) edges.push({ from: range.from, to: shiftDay(first, -1) });
  if (end <= range.to) edges.push({ from: end, to: range.to });
  return { months: { first, end }, edges };
}

export interface AffiliateRangeRow {
  affiliate_id: number;
  clicks: string;
  conversions: string;
  earned: string;
  reversed: string;
  paid: string;
}

/** Each affiliate's figures over the range, from the month and day rollups (docs/decisions/0035-revenue-rollups.md). */
export function affiliateRangeSums(range: DayRange) {
  const { months, edges } = splitIntoMonths(range);
  const cols = sql`affiliate_id, clicks, conversions, earned_cents, reversed_cents, paid_cents`;
  const parts = [
    ...(months
      ? [
          sql`SELECT ${cols} FROM affiliate_revenue_months WHERE month >= ${months.first} AND month < ${months.end}`,
        ]
      : []),
    ...edges.map(
      (e) => sql`SELECT ${cols} FROM affiliate_revenue_days WHERE day >= ${e.from} AND day <= ${e.to}`,
    ),
  ];
  return sql<AffiliateRangeRow>`SELECT affiliate_id, sum(clicks) AS clicks, sum(conversions) AS conversions,
      sum(earned_cents) AS earned, sum(reversed_cents) AS reversed, sum(paid_cents) AS paid
    FROM (${sql.join(parts, sql` UNION ALL `)}) x GROUP BY affiliate_id`;
}
