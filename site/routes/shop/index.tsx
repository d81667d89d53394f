import type { Hono } from 'hono';
import type { AppEnv } from '../../../api/platform/env';
import { registerPaymentWebhook } from '../../../api/routes/payments';
import { registerCatalogRoutes } from './catalog';
import { registerCheckoutRoutes } from './checkout';

/** The merchandise shop (issue 6): catalog, cart/checkout, test payment page, webhook, order status. */
export function registerShopRoutes(app: Hono<AppEnv>) {
  registerPaymentWebhook(app);
  registerCatalogRoutes(app);
  registerCheckoutRoutes(app);
}
