import { randomBytes } from 'node:crypto';
import type { Payable, PayableCharge, RecurringInterval } from './port';

/**
 * What the test gateway's pay page charges for a payable that is not an order: the charge and,
 * for a recurring one, its interval. It is kept in test_gateway_checkouts
 * (test-gateway-checkouts.ts), never in the page's address, which carries only the checkout's
 * opaque id: an address ends up in browser history, proxy logs and analytics, and a plan holds the
 * payer's email, the amount and the description.
 */
export interface TestGatewayPlan extends PayableCharge {
  interval?: RecurringInterval;
  /**
   * A card update, not a charge: the subscription whose renewals (and retries) the card entered
   * on the page pays from now on (startCardUpdate; nothing is charged on the page).
   */
  cardFor?: string;
}

/** The pay page of a checkout is `${CHECKOUT_PATH}/${id}`. */
export const CHECKOUT_PATH = '/pay/payable';

/** 24 random bytes: not guessable, and nothing in it says whose checkout it is. */
export function newCheckoutId(): string {
  return `tgco_${randomBytes(24).toString('base64url')}`;
}

/** The shape newCheckoutId makes, checked before any lookup. */
export function isCheckoutId(value: unknown): value is string {
  return typeof value === 'string' && /^tgco_[A-Za-z0-9_-]{32}$/.test(value);
}

export function checkoutPath(id: string): string {
  return `${CHECKOUT_PATH}/${id}`;
}

function isPayable(value: unknown): value is Payable {
  const p = value as Payable | null;
  return (
    typeof p?.kind === 'string' && typeof p.reference === 'string' && p.kind !== '' && p.reference !== ''
  );
}

/** A local path, so a plan can never send the payer to another site. */
const isLocalPath = (path: unknown) => typeof path === 'string' && /^\/(?![/\\])/.test(path);

/** A plan the page can charge: a payable, whole positive cents, local return paths, a known interval. */
export function isTestGatewayPlan(value: unknown): value is TestGatewayPlan {
  const plan = value as TestGatewayPlan | null;
  if (!plan || !isPayable(plan.payable)) return false;
  if (!Number.isInteger(plan.amountCents) || plan.amountCents <= 0) return false;
  if (!isLocalPath(plan.successPath) || !isLocalPath(plan.cancelPath)) return false;
  if (plan.cardFor !== undefined && (typeof plan.cardFor !== 'string' || plan.cardFor === '')) return false;
  return plan.interval === undefined || plan.interval === 'month' || plan.interval === 'year';
}
