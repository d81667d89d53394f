import { sql } from 'kysely';
import type { Db } from '../../../../db/client';
import { CELL_COLUMNS, CELL_SUMS } from './click-cells';

/**
 * One UTC day's clicks per page, band, element and cell into analytics_daily_click_cells
 * (migration 0045), replaced whole like the other daily rollups (rollup.ts runs it in the day's
 * transaction, under its lock).
 */
export async function rollupClickCells(trx: Db, day: string, start: Date, end: Date): Promise<void> {
  await trx.deleteFrom('analytics_daily_click_cells').where('day', '=', day).execute();
  const c = CELL_COLUMNS;
  await sql`
    INSERT INTO analytics_daily_click_cells (day, path, band, selector, is_normalized, cell_x, cell_y,
      anchor_x, anchor_y, clicks, positioned, sum_x, sum_y, last_at, window_width, window_height)
    SELECT ${day}::date, path, band, selector, is_normalized, cell_x, cell_y, anchor_x, anchor_y,
           clicks, positioned, sum_x, sum_y, last_at, window_width, window_height
    FROM (
      SELECT path, band, selector, is_normalized, ${c.cell_x} AS cell_x, ${c.cell_y} AS cell_y,
             ${c.anchor_x} AS anchor_x, ${c.anchor_y} AS anchor_y, ${CELL_SUMS}
      FROM analytics_clicks
      WHERE created_at >= ${start} AND created_at < ${end}
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
    ) cells`.execute(trx);
}
