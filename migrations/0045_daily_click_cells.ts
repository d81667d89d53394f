import { type Kysely, sql } from 'kysely';

/**
 * Daily click rollups for the heatmap (docs/decisions/0096-heatmaps-that-hold-on-every-screen.md):
 * per UTC day, page, band, element and cell, how many clicks and the sums of their page positions.
 * A cell is a tenth of the element's box for anchored clicks, the heatmap's page grid (a tenth of a
 * percent, or a pixel) for the others. Filled by the analytics rollup (api/modules/analytics/reports/
 * click-rollup.ts) and backfilled here for the days already stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE analytics_daily_click_cells (
      day date NOT NULL,
      path text NOT NULL,
      band text NOT NULL,
      selector text NOT NULL,
      is_normalized boolean NOT NULL,
      cell_x double precision,
      cell_y double precision,
      anchor_x double precision,
      anchor_y double precision,
      clicks integer NOT NULL,
      positioned integer NOT NULL,
      sum_x double precision,
      sum_y double precision,
      last_at timestamptz NOT NULL,
      window_width integer NOT NULL,
      window_height integer NOT NULL
    )`.execute(db);
  // The days already stored, grouped as api/modules/analytics/reports/click-cells.ts groups them
  // (written out here: a migration keeps the SQL of its day).
  await sql`
    INSERT INTO analytics_daily_click_cells (day, path, band, selector, is_normalized, cell_x, cell_y,
      anchor_x, anchor_y, clicks, positioned, sum_x, sum_y, last_at, window_width, window_height)
    SELECT (created_at AT TIME ZONE 'UTC')::date, path, band, selector, is_normalized,
           CASE WHEN anchor_x IS NOT NULL AND anchor_y IS NOT NULL THEN NULL
                WHEN is_normalized THEN round(x * 10) / 10 ELSE round(x) END,
           CASE WHEN anchor_x IS NOT NULL AND anchor_y IS NOT NULL THEN NULL
                WHEN is_normalized THEN round(y * 10) / 10 ELSE round(y) END,
           CASE WHEN anchor_x IS NOT NULL AND anchor_y IS NOT NULL THEN round(anchor_x::numeric, 1)::float8 END,
           CASE WHEN anchor_x IS NOT NULL AND anchor_y IS NOT NULL THEN round(anchor_y::numeric, 1)::float8 END,
           count(*)::int, count(x + y)::int, sum(x), sum(y), max(created_at),
           max(window_width)::int, max(window_height)::int
    FROM analytics_clicks
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9`.execute(db);
  await sql`CREATE INDEX analytics_daily_click_cells_page ON analytics_daily_click_cells (path, band, day)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE analytics_daily_click_cells`.execute(db);
}
