import type { Hono } from 'hono';
import type { AppEnv } from '../../../api/middleware/app-env';
import { CHECKOUT_PATH } from '../../../api/ports/payments/test-gateway-plans';
import { chargeTestPayment, showPaymentForm } from './pay-page';
import { chargeTestPayable, refusedCheckout, showPayableForm } from './payable-page';
import { testGatewayOnly } from './test-gateway-only';

/** The local test gateway's hosted payment pages (the default payments adapter, no money moves). */
export function registerTestGatewayRoutes(app: Hono<AppEnv>) {
  app.use('/pay/:number', testGatewayOnly);
  app.use(`${CHECKOUT_PATH}/:checkout`, testGatewayOnly);
  app.get(`${CHECKOUT_PATH}/:checkout`, showPayableForm);
  app.post(`${CHECKOUT_PATH}/:checkout`, chargeTestPayable);
  // Before /pay/:number, which would take 'payable' for an order number: the address of the old
  // signed plans (?plan=…) and any other without a checkout id.
  app.get(CHECKOUT_PATH, refusedCheckout);
  app.get('/pay/:number', showPaymentForm);
  app.post('/pay/:number', chargeTestPayment);
}
