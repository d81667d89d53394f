import type { Context } from 'hono';
import type { z } from 'zod';
import { type DayRange, lastDays } from '../../../api/contract/day-ranges';
import type { SessionUser } from '../../../api/contract/session-user';
import { csvLine } from '../../../api/doors/rest/lists/csv';
import type { AppEnv } from '../../../api/middleware/app-env';
import {
  CONTRIBUTION_COLUMNS,
  contributionRows,
  ITEMIZED_COLUMNS,
  itemizedDonorRows,
} from '../../../api/modules/campaign-dashboard/compliance';
import { dayRangeQuery } from '../../../api/modules/campaign-dashboard/schema';
import { campaignTimeZone } from '../../../api/modules/fec-reports/committee';
import { log } from '../../../api/platform/logger';
import { dashboardPage } from './dashboard-page';

/**
 * GET /campaign-dashboard/compliance.csv?from=&to= (docs/decisions/0023-campaign-dashboard-and-refunds.md): the signed-in
 * candidate's own contributions, streamed page by page as they are read, then the itemized donors.
 * Cells go through the console's CSV writer, which defuses formulas (CSV injection).
 */
export async function downloadComplianceCsv(c: Context<AppEnv>, candidate: SessionUser) {
  const parsed = rangeOf(c);
  if (!parsed.success) {
    return dashboardPage(
      c,
      candidate,
      lastDays(),
      { section: 'range', errors: rangeErrors(parsed.error) },
      400,
    );
  }
  return complianceCsv(c, candidate.id, parsed.data);
}

/**
 * GET /treasury/:candidateId/compliance.csv?from=&to= (docs/decisions/0090-fec-reports.md): the same
 * file for a treasurer the candidate named (the route's guard checks that). The treasury page's
 * link always carries a valid range; a typed one that is not gets its refusal as text.
 */
export async function downloadComplianceCsvOf(c: Context<AppEnv>, candidateId: number) {
  const parsed = rangeOf(c);
  if (!parsed.success) {
    const messages = Object.values(rangeErrors(parsed.error)).flat();
    return c.text(messages.join('\n'), 400);
  }
  return complianceCsv(c, candidateId, parsed.data);
}

const rangeOf = (c: Context<AppEnv>) =>
  dayRangeQuery.safeParse({ from: c.req.query('from'), to: c.req.query('to') });

const rangeErrors = (error: z.ZodError) =>
  Object.fromEntries(error.issues.map((i) => [String(i.path[0] ?? 'from'), [i.message]]));

/** The candidate's contributions in `range`, streamed page by page, then the itemized donors. */
async function complianceCsv(c: Context<AppEnv>, candidateId: number, range: DayRange) {
  const db = c.get('db');
  const zone = await campaignTimeZone(db, candidateId);
  const encoder = new TextEncoder();
  const pages = contributionRows(db, candidateId, range, zone);
  let stage: 'header' | 'rows' | 'done' = 'header';

  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (stage === 'header') {
          stage = 'rows';
          controller.enqueue(encoder.encode(csvLine(CONTRIBUTION_COLUMNS)));
          return;
        }
        if (stage === 'rows') {
          const page = await pages.next();
          if (!page.done) {
            controller.enqueue(encoder.encode(page.value.map((row) => csvLine(row)).join('')));
            return;
          }
          stage = 'done';
          const itemized = await itemizedDonorRows(db, candidateId, range, zone);
          const section = [
            '\r\n',
            csvLine(['Itemized donors (aggregate over $200)']),
            csvLine(ITEMIZED_COLUMNS),
            ...itemized.map((row) => csvLine(row)),
          ].join('');
          controller.enqueue(encoder.encode(section));
        }
        controller.close();
      } catch (error) {
        log.error('compliance CSV export failed', error);
        controller.error(error);
      }
    },
    async cancel() {
      await pages.return(undefined);
    },
  });

  return c.body(stream, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="contributions-${range.from}-${range.to}.csv"`,
    'Cache-Control': 'no-store',
  });
}
