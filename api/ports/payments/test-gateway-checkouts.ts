import { sql, type Transaction } from 'kysely';
import type { Db } from '../../../db/client';
import { jsonb } from '../../../db/json';
import type { Database } from '../../../db/schema';
import type { TestGatewayCheckoutStatus } from '../../../db/tables/payments';
import type { PaymentEvent } from './port';
import { isCheckoutId, isTestGatewayPlan, newCheckoutId, type TestGatewayPlan } from './test-gateway-plans';

/** How long a checkout's page takes a payment, as a Checkout Session's default of an hour or so. */
export const CHECKOUT_LIFETIME_MINUTES = 60;

/** A stored checkout as the pay page reads it. */
export interface TestGatewayCheckout {
  id: string;
  plan: TestGatewayPlan;
  status: TestGatewayCheckoutStatus;
  /** Still open past its expiry: the page takes no payment. */
  expired: boolean;
  /** The completed charge's event, null while open. */
  event: PaymentEvent | null;
}

/** Stores a plan and answers its opaque id: the only thing the pay page's address carries. */
export async function openTestCheckout(db: Db, plan: TestGatewayPlan): Promise<string> {
  if (!isTestGatewayPlan(plan)) throw new Error('The test gateway refuses a malformed payment plan');
  const id = newCheckoutId();
  await db
    .insertInto('test_gateway_checkouts')
    .values({
      id,
      plan: jsonb(plan),
      expires_at: sql<Date>`now() + make_interval(mins => ${CHECKOUT_LIFETIME_MINUTES})`,
    })
    .execute();
  return id;
}

/** The checkout `id` names, or null for an id of the wrong shape or one never issued. */
export async function findTestCheckout(
  db: Db | Transaction<Database>,
  id: unknown,
  now = new Date(),
): Promise<TestGatewayCheckout | null> {
  if (!isCheckoutId(id)) return null;
  const row = await db
    .selectFrom('test_gateway_checkouts')
    .select(['id', 'plan', 'status', 'event', 'expires_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row || !isTestGatewayPlan(row.plan)) return null;
  return {
    id: row.id,
    plan: row.plan,
    status: row.status,
    expired: row.status === 'open' && new Date(row.expires_at) <= now,
    event: (row.event as PaymentEvent | null) ?? null,
  };
}

/**
 * Deletes checkouts that expired before `before`: a plan holds the payer's email, and a page that
 * old takes no payment anyway (an open one is past its hour; a completed one's charge was
 * delivered long ago). Run by the maintenance job.
 */
export async function pruneTestCheckouts(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('test_gateway_checkouts').where('expires_at', '<', before).execute();
}
