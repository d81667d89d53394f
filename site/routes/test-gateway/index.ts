import type { Hono } from 'hono';
import type { AppEnv } from '../../../api/platform/env';
import { PLAN_PATH } from '../../../api/ports/payments/test-gateway-plans';
import { chargeTestPayment, showPaymentForm } from './pay-page';
import { chargeTestPayable, showPayableForm } from './payable-page';
import { testGatewayOnly } from './test-gateway-only';

/** The local test gateway's hosted payment pages (the default payments adapter, no money moves). */
export function registerTestGatewayRoutes(app: Hono<AppEnv>) {
  app.use('/pay/:number', testGatewayOnly);
  // Before /pay/:number, which would take 'payable' for an order number.
  app.get(PLAN_PATH, showPayableForm);
  app.post(PLAN_PATH, chargeTestPayable);
  app.get('/pay/:number', showPaymentForm);
  app.post('/pay/:number', chargeTestPayment);
}
