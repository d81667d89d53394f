import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Payable, PayableCharge, RecurringInterval } from './port';

/**
 * What the test gateway's pay page charges for a payable that is not an order: the charge (and
 * for a recurring one its interval), carried in the page's URL and signed with the app secret, so
 * the page needs no table of pending checkouts and nobody can change the amount on the way.
 */
export interface TestGatewayPlan extends PayableCharge {
  interval?: RecurringInterval;
  /** Unix seconds after which the page refuses the plan (a checkout link does not live forever). */
  expiresAt: number;
}

const PLAN_LIFETIME_SECONDS = 60 * 60;
export const PLAN_PATH = '/pay/payable';

function mac(secret: string, encoded: string) {
  return createHmac('sha256', secret).update(`plan.${encoded}`).digest('base64url');
}

/** `/pay/payable?plan=…&sig=…` for a charge, good for an hour. */
export function planUrl(
  secret: string,
  charge: PayableCharge & { interval?: RecurringInterval },
  now = Date.now(),
): string {
  const plan: TestGatewayPlan = { ...charge, expiresAt: Math.floor(now / 1000) + PLAN_LIFETIME_SECONDS };
  const encoded = Buffer.from(JSON.stringify(plan)).toString('base64url');
  return `${PLAN_PATH}?plan=${encoded}&sig=${mac(secret, encoded)}`;
}

function isPayable(value: unknown): value is Payable {
  const p = value as Payable | null;
  return (
    typeof p?.kind === 'string' && typeof p.reference === 'string' && p.kind !== '' && p.reference !== ''
  );
}

/** A local path, so a plan can never send the payer to another site. */
const isLocalPath = (path: unknown) => typeof path === 'string' && /^\/(?![/\\])/.test(path);

/** The plan in a pay page URL, or null when it is unsigned, tampered, expired or malformed. */
export function readPlan(
  secret: string,
  encoded: string | undefined,
  sig: string | undefined,
  now = Date.now(),
): TestGatewayPlan | null {
  if (!encoded || !sig) return null;
  const expected = Buffer.from(mac(secret, encoded));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const plan = JSON.parse(Buffer.from(encoded, 'base64url').toString()) as TestGatewayPlan;
    if (!isPayable(plan.payable) || !Number.isInteger(plan.amountCents) || plan.amountCents <= 0) return null;
    if (!isLocalPath(plan.successPath) || !isLocalPath(plan.cancelPath)) return null;
    if (plan.interval !== undefined && plan.interval !== 'month' && plan.interval !== 'year') return null;
    if (!(plan.expiresAt * 1000 > now)) return null;
    return plan;
  } catch {
    return null;
  }
}
