import { type RawBuilder, sql } from 'kysely';

/**
 * A paid gift: money the campaign holds. Pending, failed and refunded gifts count toward nothing a
 * campaign or donor is shown as given (totals, audiences, rankings, compliance). This is the one
 * place that says so. The status is written as a literal, so a plan may still use an index whose
 * predicate names it.
 */
export function paidGift(donation: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(`${donation}.status`)} = 'paid'`;
}

/**
 * A received gift: paid, whether or not it was refunded later. A refund does not erase a receipt:
 * the candidate's gift lists and compliance reports show it with its refund, and a donor's details
 * are remembered from it.
 */
export function receivedGift(donation: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(`${donation}.status`)} IN ('paid', 'refunded')`;
}

/**
 * What a campaign raised: the sum of its paid gifts in cents, 0 when none (a bigint, which the
 * drivers read as text). `campaignId` names the campaign's id column of the enclosing query.
 */
export function raisedCents(campaignId: string): RawBuilder<string> {
  return sql<string>`(SELECT coalesce(sum(raised.amount_cents), 0) FROM donations raised
    WHERE raised.campaign_id = ${sql.ref(campaignId)} AND ${paidGift('raised')})`;
}
