import type { Config } from '../../config';
import type { PaymentsPort } from './port';
import { testGateway } from './test-gateway';

/** The local test gateway (Stripe is not wired yet: see docs in the shop module). */
export function createPaymentsPort(config: Config): PaymentsPort {
  return testGateway(config.appSecret);
}

export type { PaymentEvent, PaymentRequest, PaymentsPort } from './port';
