import type { Context } from 'hono';
import type { Db } from '../../../../db/client';
import type { Cursor } from '../../../modules/lists/keyset';
import { writeProgress } from '../../../ports/queue/progress';

/** Rows fetched per round trip while exporting: memory stays flat whatever the export's size. */
export const CSV_BATCH = 5000;

/**
 * One CSV cell. Quotes when needed; a leading =, +, - or @ gets a ' so a spreadsheet does not
 * run it as a formula (CSV injection). Dates as ISO 8601, lists joined with '; '.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text: string;
  if (value instanceof Date) text = value.toISOString();
  else if (Array.isArray(value)) text = value.map((v) => String(v)).join('; ');
  else if (typeof value === 'object') text = JSON.stringify(value);
  else text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** What an export needs of a list: its name, its columns if fixed, and a way to read one batch. */
export interface CsvSource {
  resource: string;
  columns?: readonly string[];
  /**
   * The rows after `after` (from the first when absent), at most `limit`, in the list's order,
   * with the last one's cursor: each batch starts where the previous one ended (keyset.ts), so
   * a million rows cost a million rows, not a growing OFFSET per batch.
   */
  readBatch(limit: number, after?: Cursor): Promise<{ rows: Record<string, unknown>[]; last?: Cursor }>;
  /** How many rows the export will hold (exact, or the list's estimate when large). */
  total(): Promise<number>;
  /** Where to record progress (job_progress, under the console's export id), if anywhere. */
  progress?: { db: Db; id: string };
}

/** Progress is recorded at most this often; an export shorter than this records only its end. */
export const PROGRESS_EVERY_MS = 1000;
export const EXPORT_QUEUE = 'csv-export';

/**
 * Streams the filtered, sorted view in batches: the response starts at once and a large export
 * never sits in memory whole (the stream is pulled, so a slow reader pauses the reads). The
 * expected row count goes out first in `X-Export-Rows`, for the console's progress bar.
 */
export async function streamCsv(c: Context, source: CsvSource): Promise<Response> {
  const encoder = new TextEncoder();
  const total = await source.total();
  let after: Cursor | undefined;
  let done = 0;
  let columns: readonly string[] | undefined = source.columns;
  let headerSent = false;
  let reported = Date.now();
  const report = async (finished: boolean) => {
    if (!source.progress) return;
    const job = { id: source.progress.id, queue: EXPORT_QUEUE };
    await writeProgress(source.progress.db, job, {
      done,
      total: finished ? done : Math.max(total, done),
      message: finished ? `${source.resource}: done` : `${source.resource}: exporting`,
    });
  };

  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const batch = await source.readBatch(CSV_BATCH, after);
        const rows = batch.rows;
        after = batch.last ?? after;
        done += rows.length;
        columns ??= rows[0] ? Object.keys(rows[0]) : [];
        let chunk = '';
        if (!headerSent) {
          chunk += csvLine(columns);
          headerSent = true;
        }
        for (const row of rows) chunk += csvLine(columns.map((col) => row[col]));
        // Progress is written before the rows go out, so whoever has read them sees it recorded.
        const finished = rows.length < CSV_BATCH;
        if (finished) await report(true);
        else if (Date.now() - reported >= PROGRESS_EVERY_MS) {
          reported = Date.now();
          await report(false);
        }
        if (chunk) controller.enqueue(encoder.encode(chunk));
        if (finished) controller.close();
      } catch (error) {
        console.error(`CSV export of ${source.resource} failed`, error);
        controller.error(error);
      }
    },
  });

  const day = new Date().toISOString().slice(0, 10);
  return c.body(stream, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${source.resource}-${day}.csv"`,
    'Cache-Control': 'no-store',
    'X-Export-Rows': String(total),
    'Access-Control-Expose-Headers': 'X-Export-Rows',
  });
}
