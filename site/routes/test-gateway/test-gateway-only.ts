import type { Next } from 'hono';
import { createPaymentsPort } from '../../../api/ports/payments';
import type { PageContext } from '../../server/page';

/**
 * The group's guard: the pay page exists only while the local test gateway is the payments
 * adapter; with Stripe configured it answers 404, as any unknown page. Checked per request
 * because the configuration lives on the request (tests run apps with different configs).
 */
export async function testGatewayOnly(c: PageContext, next: Next) {
  if (createPaymentsPort(c.get('config')).provider !== 'test') return c.notFound();
  await next();
}
