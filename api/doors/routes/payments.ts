import type { Hono } from 'hono';
import type { AppEnv } from '../../middleware/app-env';
import { appPayableOwners } from '../../modules/payable-owners';
import { receivePaymentWebhook } from '../../modules/payments/webhook';

/** POST /api/payments/webhook: the payment provider's door; the module verifies and hands it to its owner. */
export function registerPaymentWebhook(app: Hono<AppEnv>) {
  app.post('/api/payments/webhook', async (c) => {
    const deps = {
      db: c.get('db'),
      email: c.get('email'),
      realtime: c.get('realtime'),
      config: c.get('config'),
      jobs: c.get('jobs'),
      owners: appPayableOwners(),
    };
    const result = await receivePaymentWebhook(deps, await c.req.text(), c.req.raw.headers);
    return c.json({ received: result.status === 200, outcome: result.outcome }, result.status);
  });
}
