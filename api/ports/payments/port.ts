/** What a payment provider tells us about a payment, once its webhook signature checks out. */
export interface PaymentEvent {
  /** The provider's event id: handled at most once (payment_events). */
  id: string;
  type: 'payment.succeeded' | 'payment.failed';
  orderNumber: string;
  reason?: string;
}

export interface PaymentRequest {
  orderNumber: string;
  token: string;
  totalCents: number;
  email: string;
}

/**
 * Takes payments. `startPayment` returns where to send the buyer; the outcome arrives later,
 * only through the signed webhook at POST /api/payments/webhook.
 */
export interface PaymentsPort {
  readonly provider: 'test' | 'stripe';
  startPayment(request: PaymentRequest): Promise<{ url: string }>;
  /** The event in a webhook body, or null when the signature is missing, wrong or stale. */
  verifyWebhook(rawBody: string, headers: Headers): PaymentEvent | null;
}
