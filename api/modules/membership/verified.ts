import { type RawBuilder, sql } from 'kysely';
import { MEMBERSHIP_TIERS } from '../../contract/membership';
import { RENEWAL_SLACK_MS } from './entitlements';

const tiersOf = (track: 'candidate' | 'organization') =>
  MEMBERSHIP_TIERS.filter((t) => t.track === track).map((t) => t.tier as string);
const literals = (values: string[]) => sql.join(values.map((v) => sql.lit(v)));

/**
 * Whether the user `userId` (an id column of the enclosing query) has the verified badge at
 * `now`, as a boolean SQL expression (docs/decisions/0024-membership.md): the same rule as
 * entitlementsOf — a paying subscription (active within its period, plus the renewal slack unless
 * cancelling; or grace before grace_until) of the member's own track whose tier's
 * membership_entitlements row has verified_badge. Statuses, tiers and flags are the rule's
 * constants, written as literals: a generic plan (db/client.ts) must still see
 * `status IN ('active', 'grace')`, the predicate of the partial index on user_id. Only the id and
 * the times are parameters.
 */
export function hasVerifiedBadge(userId: RawBuilder<number>, now: Date): RawBuilder<boolean> {
  const slackEnd = new Date(now.getTime() - RENEWAL_SLACK_MS);
  return sql<boolean>`EXISTS (
    SELECT 1
    FROM membership_subscriptions s
    JOIN membership_entitlements e ON e.tier = s.tier
    JOIN users badge_holder ON badge_holder.id = s.user_id
    WHERE s.user_id = ${userId}
      AND s.status IN ('active', 'grace')
      AND e.verified_badge
      AND (
        (s.status = 'active' AND (s.current_period_end > ${now}
          OR (NOT s.cancel_at_period_end AND s.current_period_end > ${slackEnd})))
        OR (s.status = 'grace' AND s.grace_until > ${now})
      )
      -- A subscription of the other track grants nothing (membershipTrackOf: candidates first).
      AND (
        (badge_holder.is_candidate AND s.tier IN (${literals(tiersOf('candidate'))}))
        OR (NOT badge_holder.is_candidate AND badge_holder.kind = 'organization'
          AND s.tier IN (${literals(tiersOf('organization'))}))
      ))`;
}
