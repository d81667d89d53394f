import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import type { MembershipTrack } from '../../contract/membership';
import { makesPaidMemberAt } from './subscription-rules';

/** The member's track in SQL, as membershipTrackOf decides it, for the users row aliased `alias`. */
export function trackOfUserSql(alias: string) {
  return sql<MembershipTrack | null>`CASE WHEN ${sql.ref(`${alias}.is_candidate`)} THEN 'candidate'
    WHEN ${sql.ref(`${alias}.kind`)} = 'organization' THEN 'organization' END`;
}

/**
 * Paid members at `now` (docs/product/rulings.md "Membership"; docs/decisions/0024-membership.md): one row per
 * member whose subscription makes them a paid member (makesPaidMemberAt), with what
 * the console shows: tier, since, renews on (active) or ends on (cancelling: period end; grace:
 * grace_until), and status active | cancelling | grace. At most one row a member (one live
 * subscription per member, migrations/0017_membership.ts).
 */
export function paidMemberships(db: Db, now = new Date()) {
  return db
    .selectFrom('membership_subscriptions as s')
    .innerJoin('users as su', 'su.id', 's.user_id')
    .select([
      's.user_id',
      's.tier',
      's.reference',
      's.amount_cents',
      's.created_at as since',
      sql<'active' | 'cancelling' | 'grace'>`CASE WHEN s.status = 'grace' THEN 'grace'
        WHEN s.cancel_at_period_end THEN 'cancelling' ELSE 'active' END`.as('membership_status'),
      sql<Date | null>`CASE WHEN s.status = 'active' AND NOT s.cancel_at_period_end
        THEN s.current_period_end END`.as('renews_on'),
      sql<Date | null>`CASE WHEN s.status = 'grace' THEN s.grace_until
        WHEN s.cancel_at_period_end THEN s.current_period_end END`.as('ends_on'),
    ])
    .where(makesPaidMemberAt(now));
}

/** How many members are paid at `now`: the console home's "Paid members". */
export async function paidMemberCount(db: Db, now = new Date()): Promise<number> {
  const row = await db
    .selectFrom(paidMemberships(db, now).as('pm'))
    .select(sql<string>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
