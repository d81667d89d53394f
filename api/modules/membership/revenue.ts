import { sql } from 'kysely';
import type { Db } from '../../../db/client';

/**
 * Monthly recurring revenue (docs/decisions/0024): the monthly price of every active subscription
 * that will renew; cancelling and grace subscriptions are not counted.
 */
export async function monthlyRecurringRevenueCents(db: Db): Promise<number> {
  const row = await db
    .selectFrom('membership_subscriptions')
    .select(sql<string | null>`sum(amount_cents)`.as('sum'))
    .where('status', '=', 'active')
    .where('cancel_at_period_end', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.sum ?? 0);
}
