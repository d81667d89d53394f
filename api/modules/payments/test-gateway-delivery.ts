import type { PaymentEvent } from '../../ports/payments';
import { SIGNATURE_HEADER, signWebhook } from '../../ports/payments/test-gateway';
import { type PaymentWebhookDeps, receivePaymentWebhook } from './webhook';

/**
 * Reports a test gateway charge exactly as a provider would: a signed body through the webhook's
 * own verification, so the pay page and the renewal runner take no shortcut past it.
 */
export function deliverTestGatewayEvent(deps: PaymentWebhookDeps, event: PaymentEvent) {
  const body = JSON.stringify(event);
  const headers = new Headers({ [SIGNATURE_HEADER]: signWebhook(deps.config.appSecret, body) });
  return receivePaymentWebhook(deps, body, headers);
}
