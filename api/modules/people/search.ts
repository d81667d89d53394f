import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../../db/client';
import type { AttributeVisibilityMap, User } from '../../../db/schema';
import type { PersonMatch } from '../../contract/people-views';
import { type RoleCode, roleCodeOf } from '../../contract/person-names';
import {
  ATTRIBUTE_BY_KEY,
  FILTERABLE_ATTRIBUTES,
  viewerOf,
  visibleLevels,
  visibleValue,
} from '../../contract/profile-attributes';
import { hasVerifiedBadge } from '../membership/verified';
import { matchNames, queryWords } from './name-matching';

/**
 * People search (docs/decisions/0017-people-search.md): the service behind the header's search
 * box and /search. Name matching lives in name-matching.ts; this module adds the filters, which
 * honour the owners' visibility choices (a filter never reveals a value its owner hid), and
 * shapes the rows into what a searcher may see.
 */

export const BOX_RESULT_LIMIT = 8;
const BASE_CONDITIONS = 2;
export const MAX_RESULT_LIMIT = 50;

export interface PeopleFilters {
  state?: string;
  role?: RoleCode;
  party?: string;
  position?: string;
  /** Other profile attributes (api/contract/profile-attributes.ts): key → one value. */
  attributes?: Record<string, string>;
}

export interface PeopleSearchParams {
  query: string;
  filters?: PeopleFilters;
  /** The signed-in searcher, or null: decides which hidden attributes filters may use. */
  viewerId: number | null;
  limit: number;
  offset?: number;
  /** Also read, in the same statement, whether each person has the verified badge at this time. */
  verifiedBadgeAt?: Date;
}

export interface PeopleSearchResult {
  people: PersonMatch[];
  /** True when another page exists (no counting: a count over a million rows is not free). */
  hasMore: boolean;
}

/** The role code in SQL, the twin of roleCodeOf in names.ts. */
const ROLE_CODE_SQL = sql<number>`CASE
  WHEN u.kind = 'organization' THEN 5
  WHEN u.is_candidate THEN 2
  WHEN u.is_vendor THEN 3
  WHEN u.is_admin THEN 4
  ELSE 1 END`;

/** What a result shows (toMatch), nothing more: every column is sent, parsed and cached per row. */
const PERSON_COLUMNS = sql`u.id, u.kind, u.first_name, u.last_name, u.org_name, u.profile_image,
  u.is_candidate, u.is_vendor, u.is_admin, u.state, u.party, u.position, u.attribute_visibility,
  u.candidate_office, u.candidate_district`;

export type PersonRow = Pick<
  User,
  | 'id'
  | 'kind'
  | 'first_name'
  | 'last_name'
  | 'org_name'
  | 'profile_image'
  | 'is_candidate'
  | 'is_vendor'
  | 'is_admin'
  | 'state'
  | 'party'
  | 'position'
  | 'attribute_visibility'
  | 'candidate_office'
  | 'candidate_district'
> & { verified?: boolean };

/** The users columns a search returns; with the verified badge when asked (one statement, not two). */
function personColumns(verifiedBadgeAt: Date | undefined): RawBuilder<unknown> {
  return verifiedBadgeAt
    ? sql`${PERSON_COLUMNS}, ${hasVerifiedBadge(sql.ref('u.id'), verifiedBadgeAt)} AS verified`
    : PERSON_COLUMNS;
}

/** True when the query holds at least one searchable word (the box searches nothing otherwise). */
export function hasSearchableWords(query: string): boolean {
  return /[\p{L}\p{N}]/u.test(query);
}

export async function searchPeople(db: Db, params: PeopleSearchParams): Promise<PeopleSearchResult> {
  return shapeFor(await searchPeopleRows(db, params), params.viewerId);
}

/** Rows found, before shaping for a viewer: what a cache may share between viewers (cached-search.ts). */
export interface PeopleSearchRows {
  rows: PersonRow[];
  hasMore: boolean;
}

export async function searchPeopleRows(db: Db, params: PeopleSearchParams): Promise<PeopleSearchRows> {
  const { limit, offset } = pageOf(params);
  const conditions = filterConditions(params.filters ?? {}, params.viewerId);
  const filtered = conditions.length > BASE_CONDITIONS;
  const query = params.query.trim().slice(0, 100);
  const columns = personColumns(params.verifiedBadgeAt);
  const rows = hasSearchableWords(query)
    ? (await rankedByName(db, query, columns, conditions, filtered, offset + limit + 1)).slice(offset)
    : await newestMatching(db, columns, conditions, limit + 1, offset);
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
}

/** What `viewerId` may see of the rows: hidden attributes removed, the six-plus fields of a match. */
export function shapeFor(found: PeopleSearchRows, viewerId: number | null): PeopleSearchResult {
  return { people: found.rows.map((row) => toMatch(row, viewerId)), hasMore: found.hasMore };
}

/** The page asked for, clamped: 1..MAX_RESULT_LIMIT rows from a non-negative offset. */
export function pageOf(params: Pick<PeopleSearchParams, 'limit' | 'offset'>): {
  limit: number;
  offset: number;
} {
  return {
    limit: Math.min(Math.max(1, Math.trunc(params.limit)), MAX_RESULT_LIMIT),
    offset: Math.max(0, Math.trunc(params.offset ?? 0)),
  };
}

/** True when a filter beyond the name was chosen: then the rows depend on who searches. */
export function hasFilters(filters: PeopleFilters | undefined): boolean {
  if (!filters) return false;
  const { attributes, ...rest } = filters;
  return (
    Object.values(rest).some((v) => v !== undefined && v !== '') ||
    Object.values(attributes ?? {}).some((v) => v !== '')
  );
}

/**
 * Everyone matching all the words first, then those matching some (one statement). Without
 * filters, a one-word search reads a bounded number of postings per token; with filters it reads
 * them all, so that a rare state or party still fills the page.
 */
async function rankedByName(
  db: Db,
  query: string,
  columns: RawBuilder<unknown>,
  conditions: RawBuilder<unknown>[],
  filtered: boolean,
  wanted: number,
): Promise<PersonRow[]> {
  const words = await queryWords(db, query);
  if (words.length === 0) return [];
  const q = { words, columns, conditions, wanted };
  const oneWord = words.length === 1;
  const rows = await matchNames<PersonRow>(db, q, { all: !oneWord || filtered, some: !oneWord || !filtered });
  return distinctById(rows);
}

/** A person with two names matching one word appears twice in the postings: keep the first (best). */
function distinctById<T extends { id: number }>(rows: T[]): T[] {
  const seen = new Set<number>();
  return rows.filter((r) => !seen.has(r.id) && seen.add(r.id));
}

/** Filters without a name: newest members first, which the primary key serves without sorting. */
async function newestMatching(
  db: Db,
  columns: RawBuilder<unknown>,
  conditions: RawBuilder<unknown>[],
  take: number,
  offset: number,
): Promise<PersonRow[]> {
  const result = await sql<PersonRow>`
    SELECT ${columns}
    FROM users u
    WHERE ${sql.join(conditions, sql` AND `)}
    ORDER BY u.id DESC
    LIMIT ${take} OFFSET ${offset}`.execute(db);
  return result.rows;
}

/**
 * WHERE conditions for the filters. Blocked and deleted accounts never appear. An attribute
 * filter only matches people whose choice lets this searcher see that attribute (or the
 * searcher themself), so filtering by a hidden value reveals nothing.
 */
function filterConditions(filters: PeopleFilters, viewerId: number | null): RawBuilder<unknown>[] {
  const conditions: RawBuilder<unknown>[] = [sql`u.blocked_at IS NULL`, sql`u.deleted_at IS NULL`];
  // BASE_CONDITIONS counts the two above: anything more is a filter the searcher chose.
  const levels = visibleLevels(viewerId === null ? 'visitor' : 'member');
  const visible = (key: string) => {
    const fallback = ATTRIBUTE_BY_KEY.get(key)?.defaultVisibility ?? 'private';
    const level = sql`coalesce(u.attribute_visibility ->> ${key}, ${fallback}) IN (${sql.join(levels)})`;
    return viewerId === null ? level : sql`(u.id = ${viewerId} OR ${level})`;
  };

  if (filters.role !== undefined) conditions.push(sql`${ROLE_CODE_SQL} = ${filters.role}`);
  for (const key of ['state', 'party', 'position'] as const) {
    const value = filters[key];
    if (value) conditions.push(sql`${sql.ref(`u.${key}`)} = ${value} AND ${visible(key)}`);
  }
  for (const [key, value] of Object.entries(filters.attributes ?? {})) {
    const def = FILTERABLE_ATTRIBUTES.find((a) => a.key === key);
    if (!def || !value) continue;
    if (def.storage === 'column') {
      // interests is the only multi-valued column.
      conditions.push(sql`${value} = ANY (u.interests) AND ${visible(key)}`);
      continue;
    }
    const wanted = def.multiple ? { [key]: [value] } : { [key]: value };
    conditions.push(
      sql`u.profile_attributes @> CAST(${JSON.stringify(wanted)}::text AS jsonb) AND ${visible(key)}`,
    );
  }
  return conditions;
}

function toMatch(row: PersonRow, viewerId: number | null): PersonMatch {
  const viewer = viewerOf(viewerId, row.id);
  const source = { ...row, attribute_visibility: row.attribute_visibility as AttributeVisibilityMap };
  return {
    id: row.id,
    kind: row.kind,
    firstName: row.first_name,
    lastName: row.last_name,
    orgName: row.org_name,
    profileImage: row.profile_image,
    role: roleCodeOf(row),
    state: visibleValue(source, 'state', viewer),
    party: visibleValue(source, 'party', viewer),
    position: visibleValue(source, 'position', viewer),
    // Running for office is public by nature: it is what a candidate's profile is for.
    candidateOffice: row.is_candidate ? row.candidate_office : null,
    candidateDistrict: row.is_candidate ? row.candidate_district : null,
  };
}
