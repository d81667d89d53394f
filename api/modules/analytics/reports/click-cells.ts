import { type RawBuilder, sql } from 'kysely';

/**
 * The heatmap's grouping of clicks into cells, written once for the raw clicks (heatmap.ts, the
 * days not rolled up yet) and the daily rollup (click-rollup.ts), so both give the same points
 * (docs/decisions/0096-heatmaps-that-hold-on-every-screen.md). An anchored click's cell is a tenth
 * of its element's box (its page position is averaged over the cell, for drawing when the element
 * is gone); any other click's cell is its rounded page position (a tenth of a percent, or a pixel).
 */
const anchored = sql`(anchor_x IS NOT NULL AND anchor_y IS NOT NULL)`;
const pageCell = (c: 'x' | 'y') =>
  sql<
    number | null
  >`CASE WHEN ${anchored} THEN NULL WHEN is_normalized THEN round(${sql.ref(c)} * 10) / 10 ELSE round(${sql.ref(c)}) END`;
const anchorCell = (c: 'anchor_x' | 'anchor_y') =>
  sql<number | null>`CASE WHEN ${anchored} THEN round(${sql.ref(c)}::numeric, 1)::float8 END`;

/** The cell columns over analytics_clicks, in the rollup table's order. */
export const CELL_COLUMNS: Record<
  'cell_x' | 'cell_y' | 'anchor_x' | 'anchor_y',
  RawBuilder<number | null>
> = {
  cell_x: pageCell('x'),
  cell_y: pageCell('y'),
  anchor_x: anchorCell('anchor_x'),
  anchor_y: anchorCell('anchor_y'),
};

/** What a cell sums over its clicks (the rollup keeps these; the raw read computes them). */
export const CELL_SUMS = sql`count(*)::int AS clicks,
  count(x + y)::int AS positioned,
  sum(x) AS sum_x,
  sum(y) AS sum_y,
  max(created_at) AS last_at,
  max(window_width)::int AS window_width,
  max(window_height)::int AS window_height`;
