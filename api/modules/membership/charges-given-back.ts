import type { Db } from '../../../db/client';

/** How many of the latest charges given back the subscription revenue screen lists. */
const SHOWN = 20;

/**
 * The latest membership charges the app gave back unasked (a second subscription's charge, a
 * renewal after a cancel: docs/decisions/0073-payments-pay-once.md), newest first, with the
 * member they were given back to, for the subscription revenue screen.
 */
export async function membershipChargesGivenBack(db: Db) {
  return db
    .selectFrom('payment_refunds as r')
    .innerJoin('membership_subscriptions as s', 's.reference', 'r.payable_reference')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      'r.id',
      's.reference',
      's.tier',
      'u.email',
      'r.reason',
      'r.amount_cents',
      'r.status',
      'r.attempts',
      'r.last_error',
      'r.provider_refund_id',
      'r.sent_at',
      'r.created_at',
    ])
    .where('r.payable_kind', '=', 'subscription')
    .where('r.unkept_charge', 'is not', null)
    .orderBy('r.id', 'desc')
    .limit(SHOWN)
    .execute();
}
