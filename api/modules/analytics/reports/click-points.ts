import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../../../db/client';
import { utcDay } from '../../../contract/day-ranges';
import type { WidthBand } from '../../../contract/heatmap';
import { CELL_COLUMNS, CELL_SUMS } from './click-cells';

const DAY_MS = 86_400_000;

/** One cell of clicks, summed over the window. */
export interface ClickCellRow {
  band: string;
  selector: string;
  is_normalized: boolean;
  cell_x: number | null;
  cell_y: number | null;
  anchor_x: number | null;
  anchor_y: number | null;
  positioned: number;
  sum_x: number | null;
  sum_y: number | null;
  last_at: Date | string;
  window_width: number;
  window_height: number;
}

/**
 * Which part of `[from, to]` is read from the daily click rollup: the whole UTC days inside it that
 * ended before yesterday (the maintenance job redoes today and yesterday every few minutes, so those
 * are read raw, exact to the moment). Null when no whole such day is inside the window.
 */
export function rolledUpDays(from: Date, to: Date, now: Date): { first: Date; end: Date } | null {
  const startOfDay = (t: number) => Math.floor(t / DAY_MS) * DAY_MS;
  const first = Math.ceil(from.getTime() / DAY_MS) * DAY_MS;
  const settled = startOfDay(now.getTime()) - DAY_MS;
  const end = Math.min(startOfDay(to.getTime() + 1), settled);
  return end > first ? { first: new Date(first), end: new Date(end) } : null;
}

/**
 * The heatmap's cells of one path (docs/decisions/0096-heatmaps-that-hold-on-every-screen.md):
 * whole settled days from analytics_daily_click_cells, the edges of the window and the last two
 * days from the raw clicks grouped the same way (click-cells.ts), summed per cell; the heaviest
 * `limit` cells with a position, and the clicks per band (every band, for the switcher).
 */
export async function readClickCells(
  db: Db,
  query: { path: string; from: Date; to: Date; band?: WidthBand; now: Date; limit: number },
): Promise<{ cells: ClickCellRow[]; perBand: { band: string; clicks: number }[] }> {
  const { path, from, to, band } = query;
  const rolled = rolledUpDays(from, to, query.now);
  const bandIs = band ? sql`AND band = ${band}` : sql``;
  const c = CELL_COLUMNS;
  const raw = (start: Date, end: Date, endInclusive: boolean, onlyBand: RawBuilder<unknown>) => sql`
    SELECT band, selector, is_normalized, ${c.cell_x} AS cell_x, ${c.cell_y} AS cell_y,
           ${c.anchor_x} AS anchor_x, ${c.anchor_y} AS anchor_y, ${CELL_SUMS}
    FROM analytics_clicks
    WHERE path = ${path} ${onlyBand} AND created_at >= ${start}
      AND ${endInclusive ? sql`created_at <= ${end}` : sql`created_at < ${end}`}
    GROUP BY 1, 2, 3, 4, 5, 6, 7`;
  const parts = (onlyBand: RawBuilder<unknown>) =>
    rolled
      ? [
          raw(from, rolled.first, false, onlyBand),
          sql`SELECT band, selector, is_normalized, cell_x, cell_y, anchor_x, anchor_y, clicks, positioned,
                     sum_x, sum_y, last_at, window_width, window_height
              FROM analytics_daily_click_cells
              WHERE path = ${path} ${onlyBand} AND day >= ${utcDay(rolled.first)}::date AND day < ${utcDay(rolled.end)}::date`,
          raw(rolled.end, to, true, onlyBand),
        ]
      : [raw(from, to, true, onlyBand)];

  const [cells, perBand] = await Promise.all([
    sql<ClickCellRow>`
      SELECT band, selector, is_normalized, cell_x, cell_y, anchor_x, anchor_y,
             sum(positioned)::int AS positioned, sum(sum_x) AS sum_x, sum(sum_y) AS sum_y,
             max(last_at) AS last_at, max(window_width)::int AS window_width,
             max(window_height)::int AS window_height
      FROM (${sql.join(parts(bandIs), sql` UNION ALL `)}) cells
      GROUP BY 1, 2, 3, 4, 5, 6, 7
      HAVING sum(positioned) > 0
      ORDER BY positioned DESC, last_at DESC
      LIMIT ${query.limit}`.execute(db),
    perBandClicks(db, path, from, to, rolled),
  ]);
  return { cells: cells.rows, perBand };
}

/** Clicks per band: the rollup's sums for its days, raw counts for the rest. */
async function perBandClicks(
  db: Db,
  path: string,
  from: Date,
  to: Date,
  rolled: { first: Date; end: Date } | null,
) {
  const rawCount = (start: Date, end: Date, endInclusive: boolean) => sql`
    SELECT band, count(*)::int AS clicks FROM analytics_clicks
    WHERE path = ${path} AND created_at >= ${start}
      AND ${endInclusive ? sql`created_at <= ${end}` : sql`created_at < ${end}`}
    GROUP BY band`;
  const parts = rolled
    ? [
        rawCount(from, rolled.first, false),
        sql`SELECT band, sum(clicks)::int AS clicks FROM analytics_daily_click_cells
            WHERE path = ${path} AND day >= ${utcDay(rolled.first)}::date AND day < ${utcDay(rolled.end)}::date
            GROUP BY band`,
        rawCount(rolled.end, to, true),
      ]
    : [rawCount(from, to, true)];
  const { rows } = await sql<{ band: string; clicks: number }>`
    SELECT band, sum(clicks)::int AS clicks FROM (${sql.join(parts, sql` UNION ALL `)}) b GROUP BY band`.execute(
    db,
  );
  return rows;
}
