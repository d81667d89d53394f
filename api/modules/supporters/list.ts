import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import { dayStart } from '../../contract/day-ranges';
import { SUPPORTERS_PER_PAGE, type SupporterSort } from '../../contract/supporters';
import { countRows, type ListTotal } from '../lists/count';
import { type Cursor, type Direction, type PageRequest, readPage } from '../lists/keyset';
import { containsPattern } from '../lists/list-spec';
import type { SupporterFilter } from './schema';

/**
 * The supporter list (docs/decisions/0100-supporters.md): one campaign's connected people from the
 * supporters table, filtered, sorted and read in keyset pages as the console's lists are
 * (api/modules/lists/keyset.ts), each sort served by its own (owner_id, column, id) index.
 */

/** Sort → the supporters column it reads, and the direction it starts in. */
export const SORT_COLUMNS: Record<SupporterSort, { column: string; direction: Direction }> = {
  name: { column: 'sort_name', direction: 'ASC' },
  gave: { column: 'gave_cents', direction: 'DESC' },
  monthly: { column: 'monthly_cents', direction: 'DESC' },
  first_gift: { column: 'first_gift_at', direction: 'ASC' },
  last_gift: { column: 'last_gift_at', direction: 'DESC' },
  events: { column: 'events', direction: 'DESC' },
  connected: { column: 'connected_at', direction: 'DESC' },
  state: { column: 'state', direction: 'ASC' },
  zip: { column: 'zip5', direction: 'ASC' },
};

export interface SupporterRow {
  id: number;
  user_id: number | null;
  name: string;
  sort_name: string;
  email: string | null;
  state: string | null;
  zip5: string | null;
  follows: boolean;
  gave_cents: string;
  gifts: number;
  first_gift_at: Date | null;
  last_gift_at: Date | null;
  monthly_cents: number;
  events: number;
  connected_at: Date;
}

/** The end of a calendar day given as 'YYYY-MM-DD' (exclusive), in UTC. */
const dayAfter = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);

/** The first ZIP after every ZIP starting with `prefix` ('432' → '433', '439' → '44'), none after '9…'. */
export function zipPrefixEnd(prefix: string): string | null {
  const trimmed = prefix.replace(/9+$/, '');
  if (trimmed === '') return null;
  return `${trimmed.slice(0, -1)}${Number(trimmed.at(-1)) + 1}`;
}

/** Filters that may match few rows: each has its own index, so the page reads what it finds and sorts it. */
const NARROW_FILTERS = [
  'q',
  'zip',
  'tag',
  'firstFrom',
  'firstTo',
  'lastFrom',
  'lastTo',
  'minGave',
  'maxGave',
  'minEvents',
];
/** Sorts that giving decides, and the broad filters that go with giving (a follower often never gave). */
const GIVING_SORTS: readonly SupporterSort[] = ['gave', 'monthly', 'first_gift', 'last_gift', 'events'];

/**
 * Whether a page walks its sort's index (and stops after the page) rather than reading what the
 * filter finds and sorting it. Walking is right when the filter passes many rows spread along the
 * sort (state, gave, follows by name): the page is found within a few hundred rows. It is wrong
 * when the filter may pass few rows, or rows bunched at the far end of the sort (followers sorted
 * by gave, who mostly gave nothing): the walk then reads most of the campaign row by row (400 ms at
 * 100,000). Reading and sorting is never more than one pass over the campaign's rows.
 */
export function walksSortIndex(filter: SupporterFilter, sort: SupporterSort): boolean {
  const used = Object.entries(filter)
    .filter(([, v]) => v !== undefined)
    .map(([k]) => k);
  if (used.some((k) => NARROW_FILTERS.includes(k))) return false;
  if (!GIVING_SORTS.includes(sort)) return true;
  return used.every(
    (k) => k === 'state' || (k === 'gave' && sort === 'gave') || (k === 'monthly' && sort === 'monthly'),
  );
}

const COLUMNS = [
  'id',
  'user_id',
  'name',
  'sort_name',
  'email',
  'state',
  'zip5',
  'follows',
  'gave_cents',
  'gifts',
  'first_gift_at',
  'last_gift_at',
  'monthly_cents',
  'events',
  'connected_at',
] as const;

/** The same value through an expression no index is on: text, number or timestamp stays its type. */
function unindexed(column: string) {
  const ref = sql.ref(`s.${column}`);
  if (column.endsWith('_at')) return sql`${ref} + interval '0 seconds'`;
  if (['gave_cents', 'monthly_cents', 'events'].includes(column)) return sql`${ref} + 0`;
  return sql`${ref} || ''`;
}

/**
 * The campaign's connected people that pass `filter`, as the subquery `r` of a page, count or CSV.
 * `unindexedSort` names a column selected through a no-op expression, so ordering by it cannot walk
 * its index (see supporterPage).
 */
export function filteredSupporters(db: Db, ownerId: number, filter: SupporterFilter, unindexedSort?: string) {
  let q = db
    .selectFrom('supporters as s')
    .select(COLUMNS.map((c) => (c === unindexedSort ? unindexed(c).as(c) : sql.ref(`s.${c}`).as(c))))
    .where('s.owner_id', '=', ownerId)
    .where('s.disconnected_at', 'is', null);
  if (filter.q) {
    const pattern = containsPattern(filter.q.toLowerCase());
    // sort_name and email are stored lower-cased; the expression is the trigram index's (migration 0050).
    q = q.where(sql<boolean>`(s.sort_name || ' ' || coalesce(s.email, '')) LIKE ${pattern}`);
  }
  if (filter.state) q = q.where('s.state', '=', filter.state);
  if (filter.zip) {
    // A range, not LIKE 'prefix%', so the (owner_id, zip5, id) index serves it under any collation.
    q = q.where('s.zip5', '>=', filter.zip);
    const end = zipPrefixEnd(filter.zip);
    if (end) q = q.where('s.zip5', '<', end);
  }
  // Gave: holds a paid gift now (gave_cents, so the gave sort's index serves the filter too).
  if (filter.gave === 'yes') q = q.where(sql<boolean>`s.gave_cents > 0`);
  if (filter.gave === 'no') q = q.where(sql<boolean>`s.gave_cents = 0`);
  if (filter.monthly === 'yes') q = q.where('s.monthly_cents', '>', 0);
  if (filter.monthly === 'no') q = q.where('s.monthly_cents', '=', 0);
  if (filter.follows === 'yes') q = q.where('s.follows', '=', true);
  if (filter.follows === 'no') q = q.where('s.follows', '=', false);
  if (filter.minGave !== undefined) q = q.where(sql<boolean>`s.gave_cents >= ${filter.minGave}`);
  if (filter.maxGave !== undefined) q = q.where(sql<boolean>`s.gave_cents <= ${filter.maxGave}`);
  if (filter.firstFrom) q = q.where('s.first_gift_at', '>=', dayStart(filter.firstFrom));
  if (filter.firstTo) q = q.where('s.first_gift_at', '<', dayAfter(filter.firstTo));
  if (filter.lastFrom) q = q.where('s.last_gift_at', '>=', dayStart(filter.lastFrom));
  if (filter.lastTo) q = q.where('s.last_gift_at', '<', dayAfter(filter.lastTo));
  if (filter.minEvents !== undefined) q = q.where('s.events', '>=', filter.minEvents);
  if (filter.tag !== undefined) {
    const tagId = filter.tag;
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('supporter_taggings as t')
          .select(sql`1`.as('one'))
          .whereRef('t.supporter_id', '=', 's.id')
          .where('t.tag_id', '=', tagId),
      ),
    );
  }
  return db.selectFrom(q.as('r'));
}

export interface SupporterView {
  filter: SupporterFilter;
  sort: SupporterSort;
  /** Null: the sort's own starting direction. */
  dir?: 'asc' | 'desc' | undefined;
}

export function orderOf(view: SupporterView) {
  const { column, direction } = SORT_COLUMNS[view.sort];
  const dir: Direction = view.dir ? (view.dir === 'asc' ? 'ASC' : 'DESC') : direction;
  return { column, idColumn: 'id', direction: dir };
}

export interface SupporterPage {
  rows: (SupporterRow & { tags: string[] })[];
  first?: Cursor;
  last?: Cursor;
}

/** One page of the view: by cursor (after or before), or from the top. */
export async function supporterPage(
  db: Db,
  ownerId: number,
  view: SupporterView,
  page: Omit<PageRequest, 'limit'> & { limit?: number },
): Promise<SupporterPage> {
  // The sort column goes through a no-op expression when the walk is wrong for this view (walksSortIndex).
  const order = orderOf(view);
  const walk = walksSortIndex(view.filter, view.sort);
  const base = filteredSupporters(db, ownerId, view.filter, walk ? undefined : order.column);
  const read = await readPage<SupporterRow & Record<string, unknown>>(db, base, order, {
    ...page,
    limit: page.limit ?? SUPPORTERS_PER_PAGE,
  });
  const tags = await tagsOfRows(
    db,
    read.rows.map((r) => r.id),
  );
  return { ...read, rows: read.rows.map((r) => ({ ...r, tags: tags.get(r.id) ?? [] })) };
}

/** How many the view holds (exact up to 10,000, then the planner's estimate: lists/count.ts). */
export function countSupporters(db: Db, ownerId: number, filter: SupporterFilter): Promise<ListTotal> {
  return countRows(db, filteredSupporters(db, ownerId, filter));
}

/** The tags of the page's supporters, by supporter, read once for the page (never per row scanned). */
export async function tagsOfRows(db: Db, supporterIds: number[]): Promise<Map<number, string[]>> {
  const byId = new Map<number, string[]>();
  if (supporterIds.length === 0) return byId;
  const rows = await db
    .selectFrom('supporter_taggings as t')
    .innerJoin('supporter_tags as g', 'g.id', 't.tag_id')
    .select(['t.supporter_id', 'g.name'])
    .where('t.supporter_id', 'in', supporterIds)
    .orderBy('g.name')
    .execute();
  for (const row of rows) byId.set(row.supporter_id, [...(byId.get(row.supporter_id) ?? []), row.name]);
  return byId;
}
