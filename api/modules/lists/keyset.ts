import { type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from '../../../db/client';
import { ValidationError } from '../errors';

/**
 * Keyset pages for the console's lists (docs/decisions/0036-console-lists-at-scale.md).
 *
 * A list is ordered by its sort column, then by id in the same direction, with NULLs last in both
 * directions. That order is read as two segments, each of which a btree index on (column, id)
 * serves without sorting: the rows whose column is set (forwards or backwards on the index), then
 * the rows whose column is NULL, by id. A cursor is the boundary row's (column as text, id): the
 * next page is the rows after the last one, the previous page the rows before the first one, so a
 * page deep in a million rows costs the same as the first. Without a cursor a page is read by
 * OFFSET, which the caller allows only near the top of the list (MAX_JUMP_ROWS). Cursors travel
 * signed (api/doors/rest/lists/signed-cursors.ts): only the server's own reach this file.
 */

/** A page reached without a cursor may start at most this deep: OFFSET reads every row it skips. */
export const MAX_JUMP_ROWS = 10_000;

/** The column as text and its type, selected next to each row so the boundary rows give exact cursors. */
const KEY = '__key';
const TYPE = '__key_type';

/**
 * The sort columns' types a cursor may name. The key travels as text and is cast back in SQL:
 * a driver given a timestamp parameter would round it to milliseconds through a JS Date, and the
 * row itself would then come again on the next page.
 */
export const KEY_TYPES = [
  'text',
  'character varying',
  'integer',
  'bigint',
  'smallint',
  'numeric',
  'double precision',
  'real',
  'boolean',
  'date',
  'timestamp with time zone',
  'timestamp without time zone',
] as const;

export interface Cursor {
  /** The sort column as PostgreSQL prints it (full precision: a timestamp keeps its microseconds). */
  key: string | null;
  /** The column's type (pg_typeof), to read the key back as that type. */
  type: (typeof KEY_TYPES)[number];
  id: string | number;
}

export type Direction = 'ASC' | 'DESC';

export interface PageRequest {
  limit: number;
  offset?: number;
  after?: Cursor;
  before?: Cursor;
}

export interface Page<Row> {
  rows: Row[];
  first?: Cursor;
  last?: Cursor;
}

// The filtered rows as `r` (filteredRows in simple-rest.ts); the row type is the caller's.
// biome-ignore lint/suspicious/noExplicitAny: any resource's rows
type Base = SelectQueryBuilder<any, 'r', object>;

interface Segment {
  nulls: boolean;
  direction: Direction;
  bound?: Cursor & { op: '>' | '<' };
  limit: number;
  offset?: number;
}

const flip = (d: Direction): Direction => (d === 'ASC' ? 'DESC' : 'ASC');
const beyond = (d: Direction): '>' | '<' => (d === 'ASC' ? '>' : '<');

/** Reads one page of `base` ordered by `column` then `idColumn`, by cursor or by offset. */
export async function readPage<Row extends Record<string, unknown>>(
  db: Db,
  base: Base,
  order: {
    column: string;
    idColumn: string;
    direction: Direction;
    /** For a column from an outer join: a plain column of that join, set exactly when it matched. */
    matchedWhen?: string;
  },
  page: PageRequest,
): Promise<Page<Row>> {
  const col = sql.ref(`r.${order.column}`);
  const id = sql.ref(`r.${order.idColumn}`);
  const byId = order.column === order.idColumn;
  // PostgreSQL estimates `x IS NULL` from the joined table's own statistics, where x is never
  // NULL, so over an outer join it expects almost no rows and hashes the whole join before
  // sorting by id (4 s at a million members). A CASE it cannot estimate keeps the plan a walk of
  // the id index that stops at the page's last row. And a computed column of the join (a CASE)
  // being set does not tell it that the join matched: the join's own plain column does, which
  // turns the set rows' query into an inner join over the few joined rows.
  const joined = order.matchedWhen ? sql.ref(`r.${order.matchedWhen}`) : undefined;
  const nullTest = joined
    ? sql<boolean>`(CASE WHEN ${col} IS NULL THEN true ELSE false END)`
    : sql<boolean>`${col} IS NULL`;
  const setTest = joined
    ? sql<boolean>`${joined} IS NOT NULL AND ${col} IS NOT NULL`
    : sql<boolean>`${col} IS NOT NULL`;

  const segment = async (s: Segment): Promise<Record<string, unknown>[]> => {
    if (s.limit <= 0) return [];
    const dir = s.direction === 'ASC' ? sql`ASC` : sql`DESC`;
    let q = base
      .selectAll()
      .select([sql<string>`${col}::text`.as(KEY), sql<string>`pg_typeof(${col})::text`.as(TYPE)]);
    if (!byId) q = q.where(s.nulls ? nullTest : setTest);
    if (s.bound && (s.nulls || byId)) q = q.where(sql<boolean>`${id} ${sql.raw(s.bound.op)} ${s.bound.id}`);
    else if (s.bound) {
      // The type is one of KEY_TYPES (checked when the signed cursor was decoded), never free text.
      const key = sql`CAST(CAST(${s.bound.key} AS text) AS ${sql.raw(s.bound.type)})`;
      q = q.where(sql<boolean>`(${col}, ${id}) ${sql.raw(s.bound.op)} (${key}, ${s.bound.id})`);
    }
    // Within a segment NULLs are absent, so the default NULLS placement is the index's own order.
    if (!byId && !s.nulls) q = q.orderBy(sql`${col} ${dir}`);
    q = q.orderBy(sql`${id} ${dir}`).limit(s.limit);
    if (s.offset) q = q.offset(s.offset);
    try {
      return (await q.execute()) as Record<string, unknown>[];
    } catch (error) {
      // Signed cursors hold what PostgreSQL printed for this column; one given out before a
      // migration changed the column's type may still not cast (SQLSTATE class 22).
      if (s.bound && /^22/.test(String((error as { code?: unknown }).code))) {
        throw new ValidationError({ cursor: ['is not a cursor this list gave out'] });
      }
      throw error;
    }
  };

  const d = order.direction;
  let rows: Record<string, unknown>[];
  if (page.before) {
    // Backwards: the NULL segment (if the cursor is in it), then the set segment, both reversed.
    const b = page.before;
    const r = flip(d);
    rows = [];
    if (b.key === null && !byId) {
      rows = await segment({ nulls: true, direction: r, bound: { ...b, op: beyond(r) }, limit: page.limit });
      rows.push(...(await segment({ nulls: false, direction: r, limit: page.limit - rows.length })));
    } else {
      rows = await segment({ nulls: false, direction: r, bound: { ...b, op: beyond(r) }, limit: page.limit });
    }
    rows.reverse();
  } else if (page.after) {
    const a = page.after;
    if (a.key === null && !byId) {
      rows = await segment({ nulls: true, direction: d, bound: { ...a, op: beyond(d) }, limit: page.limit });
    } else {
      rows = await segment({ nulls: false, direction: d, bound: { ...a, op: beyond(d) }, limit: page.limit });
      if (!byId)
        rows.push(...(await segment({ nulls: true, direction: d, limit: page.limit - rows.length })));
    }
  } else {
    const offset = page.offset ?? 0;
    rows = await segment({ nulls: false, direction: d, limit: page.limit, offset });
    if (!byId && rows.length < page.limit) {
      // The NULL rows follow the set ones: skip what the offset left over after those.
      const skip = rows.length > 0 ? 0 : offset - (await countSet(db, base, setTest, offset));
      rows.push(
        ...(await segment({ nulls: true, direction: d, limit: page.limit - rows.length, offset: skip })),
      );
    }
  }

  const cursorOf = (row: Record<string, unknown> | undefined): Cursor | undefined =>
    // A column of another type (an enum, say) gives no cursor: its pages go by OFFSET.
    row && (KEY_TYPES as readonly unknown[]).includes(row[TYPE])
      ? {
          key: (row[KEY] as string | null) ?? null,
          type: row[TYPE] as Cursor['type'],
          id: row[order.idColumn] as string | number,
        }
      : undefined;
  const page_: Page<Row> = { rows: [], first: cursorOf(rows[0]), last: cursorOf(rows.at(-1)) };
  for (const row of rows) {
    delete row[KEY];
    delete row[TYPE];
  }
  page_.rows = rows as Row[];
  return page_;
}

/** How many rows have the column set, counting no further than `upTo` (an offset, small by rule). */
async function countSet(db: Db, base: Base, setTest: RawBuilder<boolean>, upTo: number): Promise<number> {
  const inner = base.select(sql`1`.as('one')).where(setTest).limit(upTo);
  const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM (${inner}) s`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
