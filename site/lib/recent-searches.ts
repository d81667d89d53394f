import { slugOf } from '../../api/contract/person-names';

/**
 * The search box's Recent Searches (docs/product/spec.md §§3, 5 and 8): kept in localStorage under
 * `previousSearches`, at most 5, newest first, no duplicate ids. A stored value that cannot
 * be read is ignored, never an error.
 */
export const RECENT_SEARCHES_KEY = 'previousSearches';
export const MAX_RECENT_SEARCHES = 5;

export interface RecentSearch {
  id: number;
  firstname: string | null;
  lastname: string | null;
  orgname: string | null;
  profileimage: string | null;
}

const textOrNull = (v: unknown) => (typeof v === 'string' ? v : null);

/** Keeps the well-formed entries of whatever was stored, deduplicated and capped. */
export function parseRecentSearches(raw: string | null): RecentSearch[] {
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const entries: RecentSearch[] = [];
  for (const item of parsed) {
    if (typeof item !== 'object' || item === null) continue;
    const record = item as Record<string, unknown>;
    if (typeof record.id !== 'number' || !Number.isInteger(record.id) || record.id <= 0) continue;
    if (entries.some((e) => e.id === record.id)) continue;
    entries.push({
      id: record.id,
      firstname: textOrNull(record.firstname),
      lastname: textOrNull(record.lastname),
      orgname: textOrNull(record.orgname),
      profileimage: textOrNull(record.profileimage),
    });
    if (entries.length === MAX_RECENT_SEARCHES) break;
  }
  return entries;
}

/** The entry goes first; an older entry with the same id is dropped; the list keeps 5. */
export function addRecentSearch(list: readonly RecentSearch[], entry: RecentSearch): RecentSearch[] {
  return [entry, ...list.filter((e) => e.id !== entry.id)].slice(0, MAX_RECENT_SEARCHES);
}

export function removeRecentSearch(list: readonly RecentSearch[], id: number): RecentSearch[] {
  return list.filter((e) => e.id !== id);
}

export function readRecentSearches(): RecentSearch[] {
  try {
    return parseRecentSearches(window.localStorage.getItem(RECENT_SEARCHES_KEY));
  } catch {
    return []; // storage blocked (privacy mode): no recent searches
  }
}

export function writeRecentSearches(list: readonly RecentSearch[]): void {
  try {
    window.localStorage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(list));
  } catch {
    // Quota or privacy mode: recent searches are a convenience, losing them is fine.
  }
}

/** A person's name from the search result fields: an organization has only orgname. */
export function personName(p: Pick<RecentSearch, 'firstname' | 'lastname' | 'orgname'>): string {
  const personal = [p.firstname, p.lastname].filter(Boolean).join(' ');
  return personal || p.orgname || 'Member';
}

/** The public profile of a search result: /profile/{name}/{id}, as the server builds it. */
export function personPath(p: Pick<RecentSearch, 'id' | 'firstname' | 'lastname' | 'orgname'>): string {
  return `/profile/${slugOf(personName(p))}/${p.id}`;
}
