import type { Db } from '../../../db/client';
import type { Config } from '../../platform/config';
import type { PaymentsPort } from './port';
import { stripeGateway } from './stripe';
import { testGateway } from './test-gateway';

/** The configuration that picks and sets up the payments adapter. */
export type PaymentsConfig = Pick<
  Config,
  'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'appUrl' | 'appSecret'
> &
  Partial<Pick<Config, 'STRIPE_API_URL'>>;

/** The Stripe client's host, port and protocol for STRIPE_API_URL (stripe-mock, a test's fake). */
function stripeApiOf(url: string | undefined) {
  if (!url) return undefined;
  const { hostname, port, protocol } = new URL(url);
  const http = protocol === 'http:';
  return {
    host: hostname,
    port: Number(port || (http ? 80 : 443)),
    protocol: http ? 'http' : 'https',
  } as const;
}

const stripePorts = new WeakMap<PaymentsConfig, PaymentsPort>();
const testPorts = new WeakMap<PaymentsConfig, WeakMap<object, PaymentsPort>>();
/** The key of a test gateway made without a database (it verifies and refunds, starts nothing). */
const NO_DB = {};

/**
 * Stripe Checkout when STRIPE_SECRET_KEY is set (loadConfig then requires STRIPE_WEBHOOK_SECRET),
 * the local test gateway otherwise. One port per config object (and database): the Stripe client
 * keeps its connections between requests. The test gateway stores the checkouts it starts in
 * `db`, so a caller that starts payments passes it (a provider keeps them on its side).
 */
export function createPaymentsPort(config: PaymentsConfig, db?: Db): PaymentsPort {
  if (config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET) {
    let port = stripePorts.get(config);
    if (!port) {
      port = stripeGateway({
        secretKey: config.STRIPE_SECRET_KEY,
        webhookSecret: config.STRIPE_WEBHOOK_SECRET,
        appUrl: config.appUrl,
        api: stripeApiOf(config.STRIPE_API_URL),
      });
      stripePorts.set(config, port);
    }
    return port;
  }
  let byDb = testPorts.get(config);
  if (!byDb) {
    byDb = new WeakMap();
    testPorts.set(config, byDb);
  }
  let port = byDb.get(db ?? NO_DB);
  if (!port) {
    port = testGateway(config.appSecret, db);
    byDb.set(db ?? NO_DB, port);
  }
  return port;
}

export type {
  CardUpdateNotice,
  CardUpdateRequest,
  DisputeNotice,
  IgnoredWebhook,
  OrderPaymentRequest,
  Payable,
  PayableCharge,
  PaymentEvent,
  PaymentRequest,
  PaymentsPort,
  RecurringChange,
  RecurringInterval,
  RecurringRequest,
  RefundRequest,
} from './port';
export { payableOf } from './port';
