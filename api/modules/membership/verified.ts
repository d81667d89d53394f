import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import { genericPlan } from '../../../db/generic-plans';
import { MEMBERSHIP_TIERS } from '../../contract/membership';
import { RENEWAL_SLACK_MS } from './entitlements';

const tiersOf = (track: 'candidate' | 'organization') =>
  MEMBERSHIP_TIERS.filter((t) => t.track === track).map((t) => t.tier as string);
const literals = (values: string[]) => sql.join(values.map((v) => sql.lit(v)));

/**
 * Which of these users have the verified badge now, in one query (docs/decisions/0024-membership.md): the same
 * rule as entitlementsOf — a paying subscription (active within its period, plus the renewal slack
 * unless cancelling; or grace before grace_until) of the member's own track whose tier's
 * membership_entitlements row has verified_badge. For lists (search results), never a per-row call.
 */
export async function verifiedUserIds(
  db: Db,
  ids: readonly number[],
  now = new Date(),
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const slackEnd = new Date(now.getTime() - RENEWAL_SLACK_MS);
  // Statuses, tiers and flags are the rule's constants, written as literals: the plan is generic
  // (db/generic-plans.ts) and must still see `status IN ('active', 'grace')`, the predicate of the
  // partial index on user_id. Only the ids and the times are parameters.
  const { rows } = await sql<{ user_id: number }>`${genericPlan}
    SELECT DISTINCT s.user_id
    FROM membership_subscriptions s
    JOIN membership_entitlements e ON e.tier = s.tier
    JOIN users u ON u.id = s.user_id
    WHERE s.user_id = ANY(${[...new Set(ids)]}::int[])
      AND s.status IN ('active', 'grace')
      AND e.verified_badge
      AND (
        (s.status = 'active' AND (s.current_period_end > ${now}
          OR (NOT s.cancel_at_period_end AND s.current_period_end > ${slackEnd})))
        OR (s.status = 'grace' AND s.grace_until > ${now})
      )
      -- A subscription of the other track grants nothing (membershipTrackOf: candidates first).
      AND (
        (u.is_candidate AND s.tier IN (${literals(tiersOf('candidate'))}))
        OR (NOT u.is_candidate AND u.kind = 'organization' AND s.tier IN (${literals(tiersOf('organization'))}))
      )`.execute(db);
  return new Set(rows.map((r) => r.user_id));
}
