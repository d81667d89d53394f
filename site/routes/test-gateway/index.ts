import type { Hono } from 'hono';
import type { AppEnv } from '../../../api/platform/env';
import { chargeTestPayment, showPaymentForm } from './pay-page';
import { testGatewayOnly } from './test-gateway-only';

/** The local test gateway's hosted payment page (the default payments adapter, no money moves). */
export function registerTestGatewayRoutes(app: Hono<AppEnv>) {
  app.use('/pay/:number', testGatewayOnly);
  app.get('/pay/:number', showPaymentForm);
  app.post('/pay/:number', chargeTestPayment);
}
