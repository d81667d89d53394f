import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import type { CommissionSource } from '../../../db/schema';
import { affiliateCommissionCents } from '../../contract/affiliates';

export interface CommissionSale {
  affiliateId: number | null;
  kind: CommissionSource;
  /** The order number or subscription reference. */
  reference: string;
  /** What the commission is a share of: merchandise after coupon for orders, the first month for subscriptions. */
  baseCents: number;
}

/**
 * Earns the commission on a paid, attributed sale. Called by the sale's owner inside the
 * transaction that marks it paid, so the commission exists exactly when the payment does; a
 * replayed payment earns nothing twice (one row per sale).
 */
export async function earnCommission(trx: Db, sale: CommissionSale, now = new Date()): Promise<void> {
  if (sale.affiliateId === null) return;
  await trx
    .insertInto('affiliate_commissions')
    .values({
      affiliate_id: sale.affiliateId,
      source_kind: sale.kind,
      source_reference: sale.reference,
      base_cents: Math.max(0, sale.baseCents),
      amount_cents: affiliateCommissionCents(Math.max(0, sale.baseCents)),
      earned_at: now,
    })
    .onConflict((oc) => oc.constraint('affiliate_commissions_source_unique').doNothing())
    .execute();
}

/**
 * A refunded sale gives its commission back: the row is marked reversed in the refund's own
 * transaction. Already paid out? The affiliate's balance goes below zero and later earnings
 * settle it (the payouts ledger never rewrites a payout).
 */
export async function reverseCommission(
  trx: Db,
  sale: { kind: CommissionSource; reference: string },
  now = new Date(),
): Promise<void> {
  await trx
    .updateTable('affiliate_commissions')
    .set({ reversed_at: now })
    .where('source_kind', '=', sale.kind)
    .where('source_reference', '=', sale.reference)
    .where('reversed_at', 'is', null)
    .execute();
}

/** All-time balance per affiliate: earned − reversed − paid (a subquery per figure, indexed). */
export function balanceOf(affiliateId: Parameters<typeof sql.ref>[0] | number) {
  const id = typeof affiliateId === 'number' ? sql`${affiliateId}` : sql.ref(affiliateId);
  return sql<string>`(
    (SELECT coalesce(sum(amount_cents), 0) FROM affiliate_commissions
      WHERE affiliate_id = ${id} AND reversed_at IS NULL)
    - (SELECT coalesce(sum(amount_cents), 0) FROM affiliate_payouts WHERE affiliate_id = ${id}))`;
}
