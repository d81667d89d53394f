import type { Context } from 'hono';

/** Rows fetched per round trip while exporting: memory stays flat whatever the export's size. */
export const CSV_BATCH = 1000;

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

/**
 * Streams the filtered, sorted view in batches: the response starts at once and a large
 * export never sits in memory whole. Ordering by the sort column then id keeps batches disjoint.
 */
/** What an export needs of a list: its name, its columns if fixed, and a way to read one batch. */
export interface CsvSource {
  resource: string;
  columns?: readonly string[];
  /** The rows from `offset`, at most `limit`, in a stable order. */
  readBatch(limit: number, offset: number): Promise<Record<string, unknown>[]>;
}

export function streamCsv(c: Context, source: CsvSource): Response {
  const encoder = new TextEncoder();
  let offset = 0;
  let columns: readonly string[] | undefined = source.columns;
  let headerSent = false;

  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const rows = await source.readBatch(CSV_BATCH, offset);
        offset += rows.length;
        columns ??= rows[0] ? Object.keys(rows[0]) : [];
        let chunk = '';
        if (!headerSent) {
          chunk += csvLine(columns);
          headerSent = true;
        }
        for (const row of rows) chunk += csvLine(columns.map((col) => row[col]));
        if (chunk) controller.enqueue(encoder.encode(chunk));
        if (rows.length < CSV_BATCH) controller.close();
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
  });
}
