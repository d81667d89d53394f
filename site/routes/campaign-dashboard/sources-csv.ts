import type { Context } from 'hono';
import type { SessionUser } from '../../../api/contract/session-user';
import { csvLine } from '../../../api/doors/rest/lists/csv';
import type { AppEnv } from '../../../api/middleware/app-env';
import {
  givingBySource,
  SOURCE_COLUMNS,
  sourceCsvRows,
} from '../../../api/modules/campaign-dashboard/by-source';

/**
 * GET /campaign-dashboard/sources.csv: the signed-in candidate's "By source" table. One row per
 * refcode, so it is small; cells go through the CSV writer that defuses formulas.
 */
export async function downloadSourcesCsv(c: Context<AppEnv>, candidate: SessionUser) {
  const rows = await givingBySource(c.get('db'), candidate.id);
  const body = [csvLine(SOURCE_COLUMNS), ...sourceCsvRows(rows).map((row) => csvLine(row))].join('');
  return c.body(body, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': 'attachment; filename="gifts-by-source.csv"',
    'Cache-Control': 'no-store',
  });
}
