import { sql } from 'kysely';
import { MEMBERSHIP_TIERS, type MembershipTrack } from '../../contract/membership';

/**
 * The membership conditions, each written once (docs/decisions/0024-membership.md). The SQL forms
 * take the aliases of the query they sit in; statuses and tiers are the rule's constants, written as
 * literals so that a generic plan still sees the partial index's `status IN ('active', 'grace')`.
 */

/** A live subscription: not over yet. A member has at most one (migrations/0017_membership.ts). */
export const LIVE_STATUSES = ['active', 'grace'] as const;

/**
 * An active subscription that is not being cancelled keeps its tier this long past its period end,
 * so a renewal the provider reports a little late (or the renewal runner's 10-minute step) never
 * drops a paying member to Free for a moment.
 */
export const RENEWAL_SLACK_MS = 24 * 60 * 60 * 1000;

const literals = (values: readonly string[]) => sql.join(values.map((v) => sql.lit(v)));

/** `status IN ('active', 'grace')` for the subscription aliased `sub`. */
export function isLive(sub = 's') {
  return sql<boolean>`${sql.ref(`${sub}.status`)} IN (${literals(LIVE_STATUSES)})`;
}

/**
 * The subscription aliased `sub` grants its tier at `now`: active and within its period (plus the
 * renewal slack unless it is cancelling), or in grace before grace_until. A live subscription that
 * does not is lapsed, and the upkeep job ends it.
 */
export function grantsTierAt(now: Date, sub = 's') {
  const column = (name: string) => sql.ref(`${sub}.${name}`);
  const slackEnd = new Date(now.getTime() - RENEWAL_SLACK_MS);
  return sql<boolean>`((${column('status')} = 'active' AND (${column('current_period_end')} > ${now}
      OR (${column('cancel_at_period_end')} = false AND ${column('current_period_end')} > ${slackEnd})))
    OR (${column('status')} = 'grace' AND ${column('grace_until')} > ${now}))`;
}

const paidTiersOf = (track: MembershipTrack) =>
  MEMBERSHIP_TIERS.filter((t) => t.track === track && t.monthlyCents > 0).map((t) => t.tier as string);

/**
 * The subscription's tier belongs to its member's track, as membershipTrackOf decides it
 * (candidates → candidate track, organization accounts → organization track, anyone else none):
 * a subscription of the other track grants nothing, so it makes no paid member either.
 */
export function tierFitsTrack(sub = 's', member = 'su') {
  const tier = sql.ref(`${sub}.tier`);
  return sql<boolean>`CASE
    WHEN ${sql.ref(`${member}.is_candidate`)} THEN ${tier} IN (${literals(paidTiersOf('candidate'))})
    WHEN ${sql.ref(`${member}.kind`)} = 'organization' THEN ${tier} IN (${literals(paidTiersOf('organization'))})
    ELSE false END`;
}

/** A paid member's subscription: it grants its tier at `now` and the tier fits the member's track. */
export function makesPaidMemberAt(now: Date, sub = 's', member = 'su') {
  return sql<boolean>`(${grantsTierAt(now, sub)} AND ${tierFitsTrack(sub, member)})`;
}
