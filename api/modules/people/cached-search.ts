import type { Db } from '../../../db/client';
import { databaseIdentity } from '../../../db/identity';
import { ResultCache } from './result-cache';
import {
  hasFilters,
  type PeopleSearchParams,
  type PeopleSearchResult,
  type PeopleSearchRows,
  pageOf,
  searchPeopleRows,
  shapeFor,
} from './search';

/**
 * People search behind the header's box and /search, through a short-lived result cache
 * (docs/decisions/0026-people-search-under-load.md): identical searches within SEARCH_CACHE_TTL_MS share one database query.
 * What is cached is the rows, before they are shaped for the viewer, under a key that holds
 * everything the rows depend on:
 * - the query (as typed, trimmed, ASCII case folded as the database folds it), the page
 *   and the filters;
 * - who searches, but only when filters are set: without filters the rows are the same for
 *   everyone (blocked and deleted accounts are excluded for all); with filters they depend on
 *   which hidden attributes this searcher may filter on, so visitors share one class and each
 *   member has their own (they may filter on their own private values).
 * A renamed, blocked or deleted person (or a badge) therefore shows in its old state for at most
 * the TTL.
 */
export const SEARCH_CACHE_TTL_MS = 5_000;
/** A few thousand recent searches: rows of small pages, a few megabytes at most. */
const SEARCH_CACHE_ENTRIES = 2_000;

/** Rows with their verified badges (docs/decisions/0024-membership.md), as /search shows them. */
type RowsWithBadges = PeopleSearchRows & { verified: Set<number> };

interface SearchCaches {
  /** The header box: rows only. */
  box: ResultCache<PeopleSearchRows>;
  /** The /search page: rows and badges, one entry, so a hit costs no query at all. */
  page: ResultCache<RowsWithBadges>;
}

/** By database, not by Kysely instance: a transaction is an instance of its own, and so is each test's handle. */
const caches = new WeakMap<object, SearchCaches>();

/** The caches of one database (tests may pass their own clock the first time). */
export function peopleSearchCaches(db: Db, now?: () => number): SearchCaches {
  const database = databaseIdentity(db);
  let found = caches.get(database);
  if (!found) {
    const options = { ttlMs: SEARCH_CACHE_TTL_MS, maxEntries: SEARCH_CACHE_ENTRIES, now };
    found = { box: new ResultCache(options), page: new ResultCache(options) };
    caches.set(database, found);
  }
  return found;
}

export async function searchPeopleCached(db: Db, params: PeopleSearchParams): Promise<PeopleSearchResult> {
  const found = await peopleSearchCaches(db).box.get(cacheKey(params), () => searchPeopleRows(db, params));
  return shapeFor(found, params.viewerId);
}

/** The same search with the verified badge of each person found. */
export async function searchPeopleWithBadgesCached(
  db: Db,
  params: PeopleSearchParams,
): Promise<PeopleSearchResult & { verified: Set<number> }> {
  const found = await peopleSearchCaches(db).page.get(cacheKey(params), async () => {
    // The badges in the same statement as the rows (docs/decisions/0024-membership.md: never one per card).
    const rows = await searchPeopleRows(db, { ...params, verifiedBadgeAt: new Date() });
    return { ...rows, verified: new Set(rows.rows.filter((r) => r.verified).map((r) => r.id)) };
  });
  return { ...shapeFor(found, params.viewerId), verified: found.verified };
}

function cacheKey(params: PeopleSearchParams): string {
  const { limit, offset } = pageOf(params);
  const filters = params.filters ?? {};
  const searcher = !hasFilters(filters)
    ? 'anyone'
    : params.viewerId === null
      ? 'visitor'
      : `member:${params.viewerId}`;
  const sortedFilters = Object.entries({ ...filters, attributes: undefined })
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  const attributes = Object.entries(filters.attributes ?? {}).sort(([a], [b]) => (a < b ? -1 : 1));
  // ASCII case only: what every database's lower() folds alike.
  const query = params.query
    .trim()
    .slice(0, 100)
    .replace(/[A-Z]/g, (c) => c.toLowerCase());
  return JSON.stringify([query, limit, offset, searcher, sortedFilters, attributes]);
}
