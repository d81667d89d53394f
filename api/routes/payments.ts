import type { Context, Hono } from 'hono';
import { applyPaymentEvent } from '../modules/shop/orders';
import type { AppEnv } from '../platform/env';
import { log } from '../platform/logger';
import { createPaymentsPort } from '../ports/payments';

/** Verifies and applies one webhook delivery: the only way a payment outcome reaches an order. */
export async function receivePaymentWebhook(c: Context<AppEnv>, rawBody: string, headers: Headers) {
  const event = createPaymentsPort(c.get('config')).verifyWebhook(rawBody, headers);
  if (!event) return { status: 400 as const, outcome: 'invalid-signature' as const };
  if ('ignored' in event) {
    // Validly signed but not ours to act on: 200, or the provider would retry it for days.
    log.debug(`payment webhook ${event.id} ${event.type}: ignored`);
    return { status: 200 as const, outcome: 'ignored' as const };
  }
  const outcome = await applyPaymentEvent(c.get('db'), c.get('email'), event, c.get('realtime'));
  log.debug(`payment webhook ${event.id} ${event.type} ${event.orderNumber}: ${outcome}`);
  return { status: 200 as const, outcome, event };
}

export function registerPaymentWebhook(app: Hono<AppEnv>) {
  app.post('/api/payments/webhook', async (c) => {
    const result = await receivePaymentWebhook(c, await c.req.text(), c.req.raw.headers);
    return c.json({ received: result.status === 200, outcome: result.outcome }, result.status);
  });
}
