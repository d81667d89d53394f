/** What a payment provider tells us about a payment, once its webhook signature checks out. */
export interface PaymentEvent {
  /** The provider's event id: handled at most once (payment_events). */
  id: string;
  type: 'payment.succeeded' | 'payment.failed';
  orderNumber: string;
  reason?: string;
}

/**
 * A correctly signed webhook this shop does not act on (another event type, a session that is not
 * ours, a completed checkout still waiting for its money). Acknowledged with 200 so that the
 * provider stops retrying it; nothing changes.
 */
export interface IgnoredWebhook {
  ignored: true;
  id: string;
  type: string;
}

export interface PaymentRequest {
  orderNumber: string;
  token: string;
  totalCents: number;
  email: string;
}

/**
 * Takes payments. `startPayment` returns where to send the buyer (a path of ours or an absolute
 * https URL of the provider); the outcome arrives later, only through the signed webhook at
 * POST /api/payments/webhook.
 */
export interface PaymentsPort {
  readonly provider: 'test' | 'stripe';
  startPayment(request: PaymentRequest): Promise<{ url: string }>;
  /**
   * The event in a webhook body; `{ ignored }` for a validly signed event we do not act on;
   * null when the signature is missing, wrong or stale (or the body is not an event).
   */
  verifyWebhook(rawBody: string, headers: Headers): PaymentEvent | IgnoredWebhook | null;
}
