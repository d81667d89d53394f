import type { Db } from '../../../db/client';
import { MEMBERSHIP_TIERS } from '../../contract/membership';
import { RENEWAL_SLACK_MS } from './entitlements';

const tiersOf = (track: 'candidate' | 'organization') =>
  MEMBERSHIP_TIERS.filter((t) => t.track === track).map((t) => t.tier as string);

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
  const rows = await db
    .selectFrom('membership_subscriptions as s')
    .innerJoin('membership_entitlements as e', 'e.tier', 's.tier')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select('s.user_id')
    .distinct()
    .where('s.user_id', 'in', [...new Set(ids)])
    .where('e.verified_badge', '=', true)
    .where((eb) =>
      eb.or([
        eb.and([
          eb('s.status', '=', 'active'),
          eb.or([
            eb('s.current_period_end', '>', now),
            eb.and([eb('s.cancel_at_period_end', '=', false), eb('s.current_period_end', '>', slackEnd)]),
          ]),
        ]),
        eb.and([eb('s.status', '=', 'grace'), eb('s.grace_until', '>', now)]),
      ]),
    )
    // A subscription of the other track grants nothing (membershipTrackOf: candidates first).
    .where((eb) =>
      eb.or([
        eb.and([eb('u.is_candidate', '=', true), eb('s.tier', 'in', tiersOf('candidate'))]),
        eb.and([
          eb('u.is_candidate', '=', false),
          eb('u.kind', '=', 'organization'),
          eb('s.tier', 'in', tiersOf('organization')),
        ]),
      ]),
    )
    .execute();
  return new Set(rows.map((r) => r.user_id));
}
