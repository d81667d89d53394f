import type { Config } from '../../platform/config';
import type { PaymentsPort } from './port';
import { stripeGateway } from './stripe';
import { testGateway } from './test-gateway';

/** The configuration that picks and sets up the payments adapter. */
export type PaymentsConfig = Pick<
  Config,
  'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'appUrl' | 'appSecret'
>;

const ports = new WeakMap<PaymentsConfig, PaymentsPort>();

/**
 * Stripe Checkout when STRIPE_SECRET_KEY is set (loadConfig then requires STRIPE_WEBHOOK_SECRET),
 * the local test gateway otherwise. One port per config object: the Stripe client keeps its
 * connections between requests.
 */
export function createPaymentsPort(config: PaymentsConfig): PaymentsPort {
  let port = ports.get(config);
  if (!port) {
    port =
      config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET
        ? stripeGateway({
            secretKey: config.STRIPE_SECRET_KEY,
            webhookSecret: config.STRIPE_WEBHOOK_SECRET,
            appUrl: config.appUrl,
          })
        : testGateway(config.appSecret);
    ports.set(config, port);
  }
  return port;
}

export type {
  IgnoredWebhook,
  OrderPaymentRequest,
  Payable,
  PayableCharge,
  PaymentEvent,
  PaymentRequest,
  PaymentsPort,
  RecurringInterval,
  RecurringRequest,
  RefundRequest,
} from './port';
export { payableOf } from './port';
