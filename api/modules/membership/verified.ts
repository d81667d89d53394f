import { type RawBuilder, sql } from 'kysely';
import { isLive, makesPaidMemberAt } from './subscription-rules';

/**
 * Whether the user `userId` (an id column of the enclosing query) has the verified badge at
 * `now`, as a boolean SQL expression (docs/decisions/0024-membership.md): the same rule as
 * entitlementsOf — a subscription that makes them a paid member, whose tier's
 * membership_entitlements row has verified_badge. `isLive` adds nothing to the rule; it is the
 * predicate of the partial index on user_id, so the planner can use it. Only the id and the times
 * are parameters.
 */
export function hasVerifiedBadge(userId: RawBuilder<number>, now: Date): RawBuilder<boolean> {
  return sql<boolean>`EXISTS (
    SELECT 1
    FROM membership_subscriptions s
    JOIN membership_entitlements e ON e.tier = s.tier
    JOIN users badge_holder ON badge_holder.id = s.user_id
    WHERE s.user_id = ${userId}
      AND ${isLive('s')}
      AND e.verified_badge
      AND ${makesPaidMemberAt(now, 's', 'badge_holder')})`;
}
