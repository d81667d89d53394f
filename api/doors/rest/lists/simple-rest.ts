import type { Context } from 'hono';
import { z } from 'zod';
import type { Db } from '../../../../db/client';
import type { AppEnv } from '../../../middleware/app-env';
import { ValidationError } from '../../../modules/errors';
import { countRows } from '../../../modules/lists/count';
import { type Cursor, MAX_JUMP_ROWS, readPage } from '../../../modules/lists/keyset';
import { filteredRows, listOrder } from '../../../modules/lists/list-rows';
import type { ListSpec } from '../../../modules/lists/list-spec';
import { streamCsv } from './csv';
import { type CursorScope, decodeCursor, encodeCursor } from './signed-cursors';

/**
 * ra-data-simple-rest's list contract, server side:
 *   GET /resource?sort=["field","ASC"]&range=[0,24]&filter={"q":"smith"}
 * answered with the page as a JSON array and `Content-Range: resource 0-24/319`. The range is
 * read by keyset when the client sends `after` or `before` (a cursor from `X-Page-Cursors`), by
 * OFFSET otherwise and then only down to row MAX_JUMP_ROWS; above EXACT_COUNT_LIMIT rows the total
 * is the planner's estimate, said by `X-Total-Estimated` (docs/decisions/0036-console-lists-at-scale.md).
 * Sort fields and filters are whitelisted per resource (zod); every value reaches SQL as a
 * parameter, and a sort field is used as an identifier only after it matched the whitelist.
 * `&format=csv` streams the whole filtered, sorted view instead of one page.
 */
export const MAX_PAGE = 500;

export interface ListRequest<F> {
  sort: readonly [string, 'ASC' | 'DESC'];
  range: readonly [number, number];
  filter: F & { id?: (string | number)[] };
  csv: boolean;
  /** Keyset cursors (keyset.ts): the page after or before a row the client was given. */
  after?: Cursor;
  before?: Cursor;
  /** What this list's cursors are signed for (its resource and sort column): the next page's too. */
  cursorScope: CursorScope;
  /** The console's id for an export, under which its progress is recorded (csv.ts). */
  exportId?: string;
}

/** A query parameter holding JSON (react-admin's `range`, `sort`, `filter`), checked by `schema`. */
export function jsonParam<T extends z.ZodType>(schema: T) {
  return z
    .string()
    .transform((raw, ctx) => {
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be JSON' });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

const idList = z.array(z.union([z.string().max(200), z.number().int()])).max(1000);

/** `secret` checks the cursors' signatures (signed-cursors.ts). */
export function parseListRequest<Row, Shape extends z.ZodRawShape>(
  spec: ListSpec<Row, Shape>,
  query: Record<string, string>,
  secret: string,
): ListRequest<z.infer<z.ZodObject<Shape>>> {
  const schema = z.object({
    sort: jsonParam(z.tuple([z.enum(spec.sortable), z.enum(['ASC', 'DESC'])]))
      .optional()
      .transform((v) => v ?? spec.defaultSort),
    range: jsonParam(
      z
        .tuple([z.number().int().min(0), z.number().int().min(0)])
        .refine(([start, end]) => end >= start, 'end must not be before start')
        .refine(([start, end]) => end - start < MAX_PAGE, `at most ${MAX_PAGE} rows a page`),
    )
      .optional()
      .transform((v) => v ?? ([0, 24] as const)),
    filter: jsonParam(z.strictObject({ ...spec.filters, id: idList.optional() }))
      .optional()
      .transform((v) => v ?? {}),
    format: z.enum(['json', 'csv']).optional(),
    after: z.string().max(2000).optional(),
    before: z.string().max(2000).optional(),
    export_id: z.uuid().optional(),
  });
  const parsed = schema.safeParse(query);
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path.map(String).join('.') || 'query';
      fields[key] = [...(fields[key] ?? []), issue.message];
    }
    throw new ValidationError(fields, 'The list request is not valid.');
  }
  const { sort, range, filter, format, after, before, export_id } = parsed.data;
  const scope: CursorScope = { secret, resource: spec.resource, column: sort[0] };
  return {
    sort,
    range,
    filter: filter as z.infer<z.ZodObject<Shape>> & { id?: (string | number)[] },
    csv: format === 'csv',
    after: after === undefined ? undefined : decodeCursor(after, 'after', scope),
    before: before === undefined ? undefined : decodeCursor(before, 'before', scope),
    cursorScope: scope,
    exportId: export_id,
  };
}

/** Any door's context that carries the configuration (the REST router's adds the staff member). */
type WithConfig = { Variables: Pick<AppEnv['Variables'], 'config'> };

export async function listResponse<Row, Shape extends z.ZodRawShape, E extends WithConfig>(
  c: Context<E>,
  db: Db,
  spec: ListSpec<Row, Shape>,
): Promise<Response> {
  const request = parseListRequest(spec, c.req.query(), c.var.config.appSecret);
  const base = await filteredRows(db, spec, request.filter);
  const order = listOrder(spec, request.sort);
  if (request.csv) {
    return streamCsv(c, {
      resource: spec.resource,
      columns: spec.csvColumns,
      readBatch: async (limit, after) => {
        const page = await readPage(db, base, order, { limit, after });
        return { rows: page.rows, last: page.last };
      },
      total: async () => (await countRows(db, base)).total,
      progress: request.exportId ? { db, id: request.exportId } : undefined,
    });
  }
  const [start, end] = request.range;
  const { after, before } = request;
  if (!after && !before && start > MAX_JUMP_ROWS) {
    throw new ValidationError(
      {
        range: [
          `A page deeper than row ${MAX_JUMP_ROWS.toLocaleString('en-US')} is reached page by page: narrow the list with a filter to jump there.`,
        ],
      },
      'Narrow the list with a filter to reach rows this deep.',
    );
  }
  const [count, page] = await Promise.all([
    countRows(db, base),
    readPage(db, base, order, { limit: end - start + 1, offset: start, after, before }),
  ]);
  const shown = page.rows.length === 0 ? '*' : `${start}-${start + page.rows.length - 1}`;
  c.header('Content-Range', `${spec.resource} ${shown}/${count.total}`);
  c.header('X-Total-Estimated', String(count.estimated));
  if (page.first && page.last) {
    const scope = request.cursorScope;
    c.header('X-Page-Cursors', `${encodeCursor(page.first, scope)} ${encodeCursor(page.last, scope)}`);
  }
  c.header('Access-Control-Expose-Headers', 'Content-Range, X-Total-Estimated, X-Page-Cursors');
  c.header('Cache-Control', 'no-store');
  return c.json(page.rows);
}

/** A JSON body checked by zod; a ZodError becomes a 400 with one message per field. */
export async function readBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  const raw = await c.req.json().catch(() => {
    throw new ValidationError({ body: ['The request body must be JSON.'] });
  });
  return schema.parse(raw);
}
