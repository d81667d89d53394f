import type { Context } from 'hono';
import type { SessionUser } from '../../../api/contract/session-user';
import { csvLine } from '../../../api/doors/rest/lists/csv';
import type { AppEnv } from '../../../api/middleware/app-env';
import { ValidationError } from '../../../api/modules/errors';
import { deadlineCalendar } from '../../../api/modules/fec-reports/deadline-calendar';
import { fecReportLines } from '../../../api/modules/fec-reports/fec-file';
import { SA, SB } from '../../../api/modules/fec-reports/fec-layouts';
import { reportRequest } from '../../../api/modules/fec-reports/report-request-builder';
import { reportQuery } from '../../../api/modules/fec-reports/report-schema';
import { log } from '../../../api/platform/logger';
import { fieldErrors } from './dashboard-forms';
import { CANDIDATE_PLACE, type ReportsPlace, reportsPage } from './reports-page';

type Ctx = Context<AppEnv>;

/** GET {base}/reports: the reports of `candidateId`, whom the route's guard let this user see. */
export async function showReportsOf(c: Ctx, candidateId: number, place: ReportsPlace) {
  return reportsPage(c, place, await deadlineCalendar(c.get('db'), candidateId));
}

/** The query's report, or the page again with why not (400). */
async function requestOrPage(c: Ctx, candidateId: number, place: ReportsPlace) {
  const values = c.req.query();
  const refuse = async (errors: Record<string, string[]>, formError?: string) =>
    reportsPage(
      c,
      place,
      await deadlineCalendar(c.get('db'), candidateId),
      { errors, formError, values },
      400,
    );
  const parsed = reportQuery.safeParse(values);
  if (!parsed.success) return { page: await refuse(fieldErrors(parsed.error)) };
  try {
    return { req: await reportRequest(c.get('db'), candidateId, parsed.data) };
  } catch (error) {
    if (error instanceof ValidationError) return { page: await refuse(error.fieldErrors, error.message) };
    throw error;
  }
}

/** A stream that pulls one chunk at a time from `chunks` (no whole report in memory). */
function streamOf(chunks: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        let text = '';
        // Batch a few hundred lines per enqueue: fewer, larger writes.
        for (let i = 0; i < 500; i++) {
          const next = await chunks.next();
          if (next.done) {
            if (text) controller.enqueue(encoder.encode(text));
            controller.close();
            return;
          }
          text += next.value;
        }
        controller.enqueue(encoder.encode(text));
      } catch (error) {
        log.error('FEC report export failed', error);
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}

/** GET /campaign-dashboard/reports/report.fec?report=…: the report's `.fec` file, streamed. */
export async function downloadFecFileOf(c: Ctx, candidateId: number, place: ReportsPlace) {
  const { req, page } = await requestOrPage(c, candidateId, place);
  if (!req) return page;
  const name = `${req.committee.committeeId}-${req.period.key}${req.amendment ? `-A${req.amendment.number}` : ''}.fec`;
  return c.body(streamOf(fecReportLines(c.get('db'), req)), 200, {
    'Content-Type': 'text/plain; charset=us-ascii',
    'Content-Disposition': `attachment; filename="${name}"`,
    'Cache-Control': 'no-store',
  });
}

/** The file's Schedule A, then Schedule B rows as CSV, each with its field names, in the file's column order. */
async function* csvRows(lines: AsyncGenerator<string>): AsyncGenerator<string> {
  yield csvLine(SA.map((f) => f.name));
  let inB = false;
  for await (const line of lines) {
    const fields = line.slice(0, -1).split('\u001c');
    if (fields[0] === 'SB20A' && !inB) {
      inB = true;
      yield `\r\n${csvLine(SB.map((f) => f.name))}`;
    }
    if (fields[0] === 'SA11AI' || fields[0] === 'SB20A') yield csvLine(fields);
  }
}

/** GET /campaign-dashboard/reports/report.csv?report=…: the same rows as CSV, streamed. */
export async function downloadReportCsvOf(c: Ctx, candidateId: number, place: ReportsPlace) {
  const { req, page } = await requestOrPage(c, candidateId, place);
  if (!req) return page;
  return c.body(streamOf(csvRows(fecReportLines(c.get('db'), req))), 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${req.committee.committeeId}-${req.period.key}.csv"`,
    'Cache-Control': 'no-store',
  });
}

/** The candidate's own: GET /campaign-dashboard/reports and its downloads. */
export const showReports = (c: Ctx, candidate: SessionUser) =>
  showReportsOf(c, candidate.id, CANDIDATE_PLACE);
export const downloadFecFile = (c: Ctx, candidate: SessionUser) =>
  downloadFecFileOf(c, candidate.id, CANDIDATE_PLACE);
export const downloadReportCsv = (c: Ctx, candidate: SessionUser) =>
  downloadReportCsvOf(c, candidate.id, CANDIDATE_PLACE);
