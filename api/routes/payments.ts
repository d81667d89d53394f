import type { Hono } from 'hono';
import { receivePaymentWebhook } from '../modules/shop/payment-webhook';
import type { AppEnv } from '../platform/env';

/** POST /api/payments/webhook: the payment provider's door; the module verifies and applies. */
export function registerPaymentWebhook(app: Hono<AppEnv>) {
  app.post('/api/payments/webhook', async (c) => {
    const deps = {
      db: c.get('db'),
      email: c.get('email'),
      realtime: c.get('realtime'),
      config: c.get('config'),
    };
    const result = await receivePaymentWebhook(deps, await c.req.text(), c.req.raw.headers);
    return c.json({ received: result.status === 200, outcome: result.outcome }, result.status);
  });
}
