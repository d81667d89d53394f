/**
 * Every kind of thing a payment may pay for. Only the server needs the list (the browser never
 * names a kind), so it lives here, not in api/contract. A kind is handled only once a module
 * registers its owner (api/modules/payable-owners); until then its webhooks are refused.
 */
export const PAYABLE_KINDS = ['order', 'donation', 'subscription'] as const;

export type PayableKind = (typeof PAYABLE_KINDS)[number];

export function isPayableKind(kind: string): kind is PayableKind {
  return (PAYABLE_KINDS as readonly string[]).includes(kind);
}
