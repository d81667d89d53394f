import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { MEMBERSHIP_TRACKS, PAID_TIERS } from '../../contract/membership';
import { defineList } from '../lists/list-spec';
import { paidMemberships, trackOfUserSql } from '../membership/paid-members';
import { everyWordUserIds, queryWords } from './name-matching';

/**
 * The User Data lists: all users, free users, paid users and organizations. One query, four
 * scopes; each scope is its own resource so each has its own permission in REST_ACCESS.
 * "Paid" means a subscription that grants its tier now (docs/product/rulings.md "Membership",
 * docs/decisions/0024-membership.md: api/modules/membership/paid-members.ts, the predicate entitlementsOf reads);
 * free users are every other member, with their track.
 */
export type MemberListScope = 'all-users' | 'free-users' | 'paid-users' | 'organizations';

export const MEMBER_ROLES = ['individual', 'organization', 'candidate', 'vendor', 'staff'] as const;

const filters = {
  q: z.string().trim().max(100).optional(),
  state: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  role: z.enum(MEMBER_ROLES).optional(),
  blocked: z.boolean().optional(),
  tier: z.enum(PAID_TIERS as [string, ...string[]]).optional(),
  membership_status: z.enum(['active', 'cancelling', 'grace']).optional(),
  track: z.enum(MEMBERSHIP_TRACKS).optional(),
};
type Filter = z.infer<z.ZodObject<typeof filters>> & {
  /** The members q matches (set by prepare, never by the client): see matchingIds. */
  matches?: { ids: number[] } | { words: string[] };
};

/** Up to this many matches travel as a list of ids; more stay a subquery. */
const MAX_LISTED_MATCHES = 50_000;

/**
 * Who q matches: through the name-token index people search uses (a million names, no ILIKE
 * scan; everyone matching every word), plus the one member whose email is q exactly. Read first
 * as a list of ids: the planner then knows how few rows the list holds and looks them up by id,
 * where over the token function's unknowable row count it would scan every member (1.4 s at 1M).
 */
async function matchingIds(db: Db, q: string): Promise<NonNullable<Filter['matches']>> {
  const words = await queryWords(db, q);
  const byName = words.length > 0 ? sql`${everyWordUserIds(words)} UNION ` : sql``;
  const { rows } = await sql<{ id: number }>`SELECT user_id AS id FROM (${byName}
      SELECT id FROM users WHERE lower(email) = lower(${q})) m(user_id)
    LIMIT ${MAX_LISTED_MATCHES + 1}`.execute(db);
  return rows.length > MAX_LISTED_MATCHES ? { words } : { ids: rows.map((r) => r.id) };
}

const displayName = sql<string>`CASE WHEN u.kind = 'organization' THEN u.org_name
  ELSE trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) END`;

function memberRows(scope: MemberListScope) {
  return (db: Db, filter: Filter) => {
    let query = db
      .selectFrom('users as u')
      .leftJoin(paidMemberships(db).as('pm'), 'pm.user_id', 'u.id')
      .select([
        'u.id',
        displayName.as('name'),
        'u.email',
        'u.kind',
        sql<string>`CASE WHEN u.is_admin THEN 'staff' WHEN u.is_candidate THEN 'candidate'
          WHEN u.is_vendor THEN 'vendor' ELSE u.kind END`.as('role'),
        'u.state',
        'u.party',
        sql<boolean>`u.email_verified_at IS NOT NULL`.as('verified'),
        sql<'paid' | 'free'>`CASE WHEN pm.user_id IS NULL THEN 'free' ELSE 'paid' END`.as('plan'),
        trackOfUserSql('u').as('track'),
        'pm.tier',
        'pm.membership_status',
        'pm.since',
        'pm.renews_on',
        'pm.ends_on',
        'u.created_at',
        'u.blocked_at',
        'u.blocked_reason',
      ]);
    if (scope === 'paid-users') query = query.where('pm.user_id', 'is not', null);
    if (scope === 'free-users') query = query.where('u.is_admin', '=', false).where('pm.user_id', 'is', null);
    if (scope === 'organizations') query = query.where('u.kind', '=', 'organization');
    if (filter.q && filter.matches && 'ids' in filter.matches) {
      const ids = filter.matches.ids;
      // IN over unnest, not = ANY: ANY compares each row with the whole list, IN hashes it.
      query = query.where('u.id', 'in', sql<number>`(SELECT unnest(${sql.val(ids)}::integer[]))`);
    } else if (filter.q) {
      const words = filter.matches && 'words' in filter.matches ? filter.matches.words : [];
      const byName = words.length > 0 ? sql`${everyWordUserIds(words)} UNION ` : sql``;
      query = query.where(
        'u.id',
        'in',
        sql<number>`(${byName}SELECT id FROM users WHERE lower(email) = lower(${filter.q}))`,
      );
    }
    if (filter.state) query = query.where('u.state', '=', filter.state);
    if (filter.role === 'staff') query = query.where('u.is_admin', '=', true);
    if (filter.role === 'candidate') query = query.where('u.is_candidate', '=', true);
    if (filter.role === 'vendor') query = query.where('u.is_vendor', '=', true);
    if (filter.role === 'individual' || filter.role === 'organization') {
      query = query.where('u.kind', '=', filter.role);
    }
    if (filter.tier) query = query.where('pm.tier', '=', filter.tier);
    if (filter.membership_status) query = query.where('pm.membership_status', '=', filter.membership_status);
    if (filter.track) query = query.where(trackOfUserSql('u'), '=', filter.track);
    if (filter.blocked !== undefined) {
      query = query.where('u.blocked_at', filter.blocked ? 'is not' : 'is', null);
    }
    return query;
  };
}

export function memberListSpec(scope: MemberListScope) {
  return defineList({
    resource: scope,
    sortable: [
      'id',
      'name',
      'email',
      'role',
      'state',
      'created_at',
      'blocked_at',
      'track',
      'tier',
      'membership_status',
      'since',
      'renews_on',
      'ends_on',
    ],
    defaultSort: ['created_at', 'DESC'],
    // From the left join of paid memberships: NULL for every free member.
    outerJoined: {
      columns: ['tier', 'membership_status', 'since', 'renews_on', 'ends_on'],
      matchedWhen: 'since',
    },
    filters,
    rows: memberRows(scope),
    prepare: async (db: Db, filter: Filter) =>
      filter.q ? { ...filter, matches: await matchingIds(db, filter.q) } : filter,
    csvColumns: [
      'id',
      'name',
      'email',
      'kind',
      'role',
      'state',
      'party',
      'verified',
      'plan',
      'track',
      'tier',
      'membership_status',
      'since',
      'renews_on',
      'ends_on',
      'created_at',
      'blocked_at',
      'blocked_reason',
    ],
  });
}
