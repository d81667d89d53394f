import type { Context } from 'hono';
import { type AliasedSelectQueryBuilder, sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../../../db/client';
import type { AppEnv } from '../../../middleware/app-env';
import { NotFoundError, ValidationError } from '../../../modules/errors';
import { countRows } from './count';
import { streamCsv } from './csv';
import { type Cursor, MAX_JUMP_ROWS, readPage } from './keyset';
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

/** Anything Kysely can put in FROM as `r`: a select query over the resource's records. */
export interface RowQuery<Row> {
  as<A extends string>(alias: A): AliasedSelectQueryBuilder<Row, A>;
}

export type IdType = 'int' | 'bigint' | 'text';

export interface ListSpec<Row, Shape extends z.ZodRawShape> {
  resource: string;
  /** Output columns of `rows` the client may sort by. */
  sortable: readonly [string, ...string[]];
  defaultSort: readonly [string, 'ASC' | 'DESC'];
  /** Accepted filters; any other key is refused. `id: [..]` (react-admin's getMany) is always accepted. */
  filters: Shape;
  rows: (db: Db, filter: z.infer<z.ZodObject<Shape>>) => RowQuery<Row>;
  /**
   * Work a filter needs from the database before `rows` builds the query (e.g. normalizing a
   * search's words, which may take a round trip): returns the filter `rows` receives.
   */
  prepare?: (db: Db, filter: z.infer<z.ZodObject<Shape>>) => Promise<z.infer<z.ZodObject<Shape>>>;
  /** The record id: its column and type. Default: `id`, integer. */
  id?: { column: string; type: IdType };
  /**
   * Sortable columns from an outer join, NULL for the rows that joined nothing (a free member's
   * tier), and `matchedWhen`, a plain column of that join which is set exactly when it matched:
   * the page's queries name both so the planner neither takes the NULL rows for rare nor joins
   * every row to find the set ones (keyset.ts).
   */
  outerJoined?: { columns: readonly string[]; matchedWhen: string };
  /** CSV columns, in order. Default: every column of the first row. */
  csvColumns?: readonly (keyof Row & string)[];
}

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

/** The filtered record set as `r`, ready for count, page or export. */
export async function filteredRows<Row, Shape extends z.ZodRawShape>(
  db: Db,
  spec: ListSpec<Row, Shape>,
  filter: ListRequest<z.infer<z.ZodObject<Shape>>>['filter'],
) {
  const idColumn = spec.id?.column ?? 'id';
  const { id: ids, ...rest } = filter;
  const given = rest as z.infer<z.ZodObject<Shape>>;
  const prepared = spec.prepare ? await spec.prepare(db, given) : given;
  let query = db.selectFrom(spec.rows(db, prepared).as('r'));
  if (ids) {
    const max = spec.id?.type === 'bigint' ? Number.MAX_SAFE_INTEGER : 2_147_483_647;
    const typed =
      spec.id?.type === 'text'
        ? ids.map(String)
        : ids.map(Number).filter((n) => Number.isInteger(n) && n >= 0 && n <= max);
    query =
      typed.length === 0
        ? query.where(sql<boolean>`false`)
        : query.where(sql.ref(`r.${idColumn}`), 'in', typed);
  }
  return query;
}

/** The list's order: the whitelisted sort column, then id in the same direction (keyset.ts). */
function orderOf<Row, Shape extends z.ZodRawShape>(
  spec: ListSpec<Row, Shape>,
  sort: readonly [string, 'ASC' | 'DESC'],
) {
  return {
    column: sort[0],
    idColumn: spec.id?.column ?? 'id',
    direction: sort[1],
    matchedWhen: spec.outerJoined?.columns.includes(sort[0]) ? spec.outerJoined.matchedWhen : undefined,
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
  const order = orderOf(spec, request.sort);
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

/** GET /resource/:id through the same query as the list, so a record reads the same in both. */
export async function oneRecord<Row, Shape extends z.ZodRawShape>(
  db: Db,
  spec: ListSpec<Row, Shape>,
  rawId: string,
): Promise<Row> {
  const id = parseId(spec, rawId);
  const row = await db
    .selectFrom(spec.rows(db, {} as z.infer<z.ZodObject<Shape>>).as('r'))
    .selectAll()
    .where(sql.ref(`r.${spec.id?.column ?? 'id'}`), '=', id)
    .executeTakeFirst();
  if (!row) throw new NotFoundError(`No ${spec.resource} record ${rawId}.`);
  return row as Row;
}

export function parseId(spec: { resource: string; id?: { type: IdType } }, raw: string) {
  if (spec.id?.type === 'text') return raw;
  const max = spec.id?.type === 'bigint' ? Number.MAX_SAFE_INTEGER : 2_147_483_647;
  if (!/^\d{1,16}$/.test(raw) || Number(raw) > max) {
    throw new NotFoundError(`No ${spec.resource} record ${raw}.`);
  }
  return Number(raw);
}

/** Case-insensitive "contains" pattern with LIKE's wildcards escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** A JSON body checked by zod; a ZodError becomes a 400 with one message per field. */
export async function readBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  const raw = await c.req.json().catch(() => {
    throw new ValidationError({ body: ['The request body must be JSON.'] });
  });
  return schema.parse(raw);
}

/**
 * Every declared list by resource name, so the input fuzz suite learns each list's sort fields
 * and filters from the specs themselves (a new list is covered without editing the test).
 */
export const LIST_SPECS = new Map<string, ListSpec<unknown, z.ZodRawShape>>();

/** Declares a list with its record type inferred from `rows`. */
export function defineList<Row, Shape extends z.ZodRawShape>(
  spec: ListSpec<Row, Shape>,
): ListSpec<Row, Shape> {
  LIST_SPECS.set(spec.resource, spec as unknown as ListSpec<unknown, z.ZodRawShape>);
  return spec;
}
