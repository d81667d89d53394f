/**
 * What a payment pays for: the owning module's kind ('order', later 'donation', 'subscription')
 * and its own reference (an order number, a donation id). The port carries it to the provider and
 * back without knowing the kinds: which module owns a kind is the payments module's registry.
 */
export interface Payable {
  kind: string;
  reference: string;
}

/** How often a recurring payment charges again. */
export type RecurringInterval = 'month' | 'year';

interface PaymentEventFields {
  /** The provider's event id: handled at most once (payment_events). */
  id: string;
  type: 'payment.succeeded' | 'payment.failed';
  reason?: string;
  /** A recurring charge: the provider's subscription and the period (ISO 8601) this charge pays for. */
  subscriptionId?: string;
  period?: { start: string; end: string };
  /**
   * The provider's id of the charge, kept by the owner on what it paid so that a refund can name
   * it: Stripe's PaymentIntent (pi_…) or, for a subscription's charge, its invoice (in_…); the
   * test gateway's event id.
   */
  providerPaymentId?: string;
}

/**
 * What a payment provider tells us about a payment, once its webhook signature checks out.
 * An order's event names it by `orderNumber`, the shape Checkout Sessions already in flight and
 * the pay page have always carried (docs/decisions/0007-shop-checkout.md); every other kind carries `payable`.
 * Read the payable of either with `payableOf`.
 */
export type PaymentEvent = PaymentEventFields & ({ orderNumber: string } | { payable: Payable });

/** The payable an event is about, whichever of the two shapes it has. */
export function payableOf(event: PaymentEvent): Payable {
  return 'payable' in event ? event.payable : { kind: 'order', reference: event.orderNumber };
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

/**
 * A payer disputed a charge at the provider (Stripe `charge.dispute.created`): recorded once per
 * dispute (docs/decisions/0094-refcodes-and-honest-monthly.md). `providerPaymentId` is the charge's
 * PaymentIntent when it has one (what a one-off gift keeps), else the charge.
 */
export interface DisputeNotice {
  dispute: true;
  id: string;
  disputeId: string;
  providerPaymentId: string;
  amountCents: number;
  reason: string | null;
}

/**
 * The payer replaced the card of a recurring payment on the provider's page (Stripe: a Checkout
 * Session in setup mode completed). The port makes it the card the subscription's next charges
 * and retries use (`applyUpdatedCard`); docs/decisions/0094-refcodes-and-honest-monthly.md.
 */
export interface CardUpdateNotice {
  cardUpdate: true;
  id: string;
  subscriptionId: string;
  /** The provider's record of the new card (Stripe's SetupIntent). */
  setupId: string;
}

/** What a payer changes about a recurring payment's future charges. */
export type RecurringChange = { amountCents: number } | { paused: boolean };

/** A page where the payer replaces the card a recurring payment charges. */
export interface CardUpdateRequest {
  subscriptionId: string;
  payable: Payable;
  /** What the page says it is for (the amount and interval charged, the description). */
  amountCents: number;
  interval: RecurringInterval;
  email: string;
  description: string;
  /** Paths on our site the payer comes back to. */
  successPath: string;
  cancelPath: string;
}

/** A shop order's payment (docs/decisions/0007-shop-checkout.md): the order number and its payment token. */
export interface OrderPaymentRequest {
  orderNumber: string;
  token: string;
  totalCents: number;
  email: string;
}

/** A payment for anything else a module owns: a one-off charge of `amountCents`. */
export interface PayableCharge {
  payable: Payable;
  amountCents: number;
  email: string;
  /** What the payer sees on the provider's page ("Monthly donation to …"). */
  description: string;
  /** Paths on our site the payer comes back to. */
  successPath: string;
  cancelPath: string;
}

export type PaymentRequest = OrderPaymentRequest | PayableCharge;

/** A charge repeated every interval until cancelled; each renewal arrives as its own event. */
export interface RecurringRequest extends PayableCharge {
  interval: RecurringInterval;
}

/** A refund of (part of) one charge the provider made. */
export interface RefundRequest {
  providerPaymentId: string;
  amountCents: number;
  idempotencyKey: string;
}

/**
 * Takes payments. `startPayment` and `startRecurring` return where to send the payer (a path of
 * ours or an absolute https URL of the provider); every outcome (and every renewal) arrives later,
 * only through the signed webhook at POST /api/payments/webhook.
 */
export interface PaymentsPort {
  readonly provider: 'test' | 'stripe';
  startPayment(request: PaymentRequest): Promise<{ url: string }>;
  startRecurring(request: RecurringRequest): Promise<{ url: string }>;
  /**
   * Stops a recurring payment's future charges (a donor's cancel, a limit reached). Idempotent.
   * The test gateway keeps its subscriptions in the database: api/modules/payments/stop-recurring.ts
   * cancels those inside the caller's transaction, so its port has nothing left to do here.
   */
  cancelRecurring(subscriptionId: string): Promise<void>;
  /**
   * Gives `amountCents` of a charge back to the payer. `idempotencyKey` makes a retry of the same
   * refund (after a timeout or a crash) a no-op at the provider. Throws when the provider refuses
   * or cannot be reached; the payment-refunds job retries.
   */
  refund(request: RefundRequest): Promise<{ refundId: string }>;
  /**
   * Changes a recurring payment's future charges: a new amount from the next charge on (no
   * proration: nothing is charged or credited now), or paused / resumed. Answers the next charge
   * the provider now plans (null when it keeps none, or while paused). Throws when the provider
   * refuses. The test gateway's subscriptions are rows that api/modules/payments/change-recurring.ts
   * changes in the caller's transaction, so its port only answers.
   */
  changeRecurring(subscriptionId: string, change: RecurringChange): Promise<{ nextChargeAt: Date | null }>;
  /** Where to send the payer to replace the card of a recurring payment (a path of ours or the provider's https URL). */
  startCardUpdate(request: CardUpdateRequest): Promise<{ url: string }>;
  /** Makes a replaced card the one the subscription charges next (idempotent: the same card again). */
  applyUpdatedCard(notice: CardUpdateNotice): Promise<void>;
  /**
   * The invoice a charge paid, for a charge of a subscription (a dispute names the charge, its
   * gift kept the invoice); null for any other charge or a provider without invoices.
   */
  invoiceOfPayment(providerPaymentId: string): Promise<string | null>;
  /**
   * The event in a webhook body; `{ ignored }` for a validly signed event we do not act on;
   * null when the signature is missing, wrong or stale (or the body is not an event).
   */
  verifyWebhook(
    rawBody: string,
    headers: Headers,
  ): PaymentEvent | IgnoredWebhook | DisputeNotice | CardUpdateNotice | null;
}
