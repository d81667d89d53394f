/**
 * Where the money of a refunded order or gift is (docs/decisions/0030-provider-refunds.md), as the
 * console shows it: waiting or being sent to the payment provider, sent, refused for good, or left
 * to staff because the charge predates kept charge ids.
 */
export type ProviderRefundStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'manual';

export interface ProviderRefundView {
  status: ProviderRefundStatus;
  attempts: number;
  last_error: string | null;
  provider_refund_id: string | null;
  sent_at: string | null;
}

/** One sentence for staff: what happened to the money, and what to do if anything. */
export function providerRefundText(refund: ProviderRefundView | null | undefined): string {
  if (!refund) return 'No refund has been sent to the payment provider.';
  switch (refund.status) {
    case 'pending':
    case 'sending':
      return refund.attempts === 0
        ? 'Being sent to the payment provider.'
        : `Being sent to the payment provider (tried ${refund.attempts} times; last answer: ${refund.last_error ?? 'none'}).`;
    case 'sent':
      return `Sent to the payment provider (${refund.provider_refund_id ?? 'no id'})${
        refund.sent_at ? ` on ${refund.sent_at.slice(0, 10)}` : ''
      }.`;
    case 'failed':
      return `The payment provider refused it after ${refund.attempts} tries (${refund.last_error ?? 'no reason given'}): refund it in the provider's dashboard.`;
    case 'manual':
      return "Paid before charge ids were kept: refund it in the payment provider's dashboard.";
  }
}

/** Why the app gave a charge back unasked (docs/decisions/0073-payments-pay-once.md). */
const UNKEPT_REASONS: Record<string, string> = {
  duplicate: 'a second charge for what was already paid',
  'over-limit': "over the donor's federal limit",
  'election-over': 'after the election it would count toward',
  superseded: 'for an order or plan already cancelled, replaced or ended',
};

/** A charge the app took and did not keep, and where its refund is. */
export interface UnkeptChargeRefundView extends ProviderRefundView {
  reason: string | null;
  amount_cents: number;
  created_at: string;
}

/** One sentence for staff: what was given back and why, then where the money is. */
export function unkeptChargeText(refund: UnkeptChargeRefundView, amount: string): string {
  const why = UNKEPT_REASONS[refund.reason ?? ''] ?? refund.reason ?? 'not kept';
  return `${amount} on ${refund.created_at.slice(0, 10)}, ${why}. ${providerRefundText(refund)}`;
}
