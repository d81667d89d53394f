import type { Db } from '../../../../db/client';
import type { DayRange } from '../../../contract/day-ranges';
import { parseRangeId } from '../../../modules/analytics/reports/report';
import type { RestResourceName } from '../access';
import { csvLine } from '../lists/csv';
import type { RestContext, RestResource } from '../router';

/**
 * A console report over a day range, GET /<name>/2026-10-01..2026-10-31: the JSON the screen
 * draws, or with ?format=csv the same figures as CSV, from the same report, so they cannot differ.
 */
export function rangeReportResource<Report>(spec: {
  name: RestResourceName;
  report: (db: Db, range: DayRange) => Promise<Report>;
  csvHeader: readonly string[];
  csvRows: (report: Report) => unknown[][];
}): RestResource {
  return {
    name: spec.name,
    handlers: {
      getOne: async (c: RestContext) => {
        const range = parseRangeId(c.req.param('id') ?? '');
        const report = await spec.report(c.get('db'), range);
        if (c.req.query('format') !== 'csv') return c.json(report);
        const body = [spec.csvHeader, ...spec.csvRows(report)].map((r) => csvLine(r)).join('');
        return c.body(body, 200, {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="${spec.name}-${range.from}-${range.to}.csv"`,
          'Cache-Control': 'no-store',
        });
      },
    },
  };
}
