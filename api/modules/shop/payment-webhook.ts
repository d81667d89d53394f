import type { Db } from '../../../db/client';
import { log } from '../../platform/logger';
import type { EmailPort } from '../../ports/email';
import { createPaymentsPort, type PaymentsConfig } from '../../ports/payments';
import type { RealtimePort } from '../../ports/realtime';
import { applyPaymentEvent } from './orders';

/** What a webhook delivery needs: the order's database, its emails and live events, and the port's config. */
export interface PaymentWebhookDeps {
  db: Db;
  email: EmailPort;
  realtime?: RealtimePort;
  config: PaymentsConfig;
}

/**
 * Verifies one webhook delivery with the payments port and applies its event to the order: the
 * only way a payment outcome reaches an order. The answer's status is what the door sends back.
 */
export async function receivePaymentWebhook(deps: PaymentWebhookDeps, rawBody: string, headers: Headers) {
  const event = createPaymentsPort(deps.config).verifyWebhook(rawBody, headers);
  if (!event) return { status: 400 as const, outcome: 'invalid-signature' as const };
  if ('ignored' in event) {
    // Validly signed but not ours to act on: 200, or the provider would retry it for days.
    log.debug(`payment webhook ${event.id} ${event.type}: ignored`);
    return { status: 200 as const, outcome: 'ignored' as const };
  }
  const outcome = await applyPaymentEvent(deps.db, deps.email, event, deps.realtime);
  log.debug(`payment webhook ${event.id} ${event.type} ${event.orderNumber}: ${outcome}`);
  return { status: 200 as const, outcome, event };
}
