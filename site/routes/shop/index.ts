import type { Hono } from 'hono';
import type { AppEnv } from '../../../api/middleware/app-env';
import { cachedForVisitors } from '../../../api/middleware/visitor-page-cache';
import { serveProductImage, showCatalog, showProduct, showProducts, showStyleGallery } from './catalog';
import { showCart } from './checkout';
import { showOrderFailed, showOrderStatus, showOrderSuccess } from './order-pages';

/**
 * The merchandise shop (docs/decisions/0007-shop-checkout.md): catalog, cart/checkout and the order pages. The payment itself
 * happens at the provider (site/routes/test-gateway or Stripe), which reports to /api/payments/webhook.
 */
export function registerShopRoutes(app: Hono<AppEnv>) {
  // Visitors' catalog pages come from the page cache until a product or its stock changes (docs/decisions/0025-visitor-page-cache.md).
  const cached = cachedForVisitors(['shop']);
  app.get('/merchandise/images/:file{[a-z0-9-]+\\.svg}', serveProductImage);
  app.get('/merchandise', cached, showCatalog);
  app.get('/merchandise/products', cached, showProducts);
  app.get('/merchandise/style-gallery', cached, showStyleGallery);
  app.get('/merchandise/products/:slug', cached, showProduct);
  app.get('/cart', showCart);
  app.get('/ordersuccess', showOrderSuccess);
  app.get('/orderfailed', showOrderFailed);
  app.get('/order-status', showOrderStatus);
}
