import { sql } from 'kysely';
import type { Db } from '../../../db/client';

/**
 * The refunds line of /campaign-dashboard (docs/decisions/0077-refunds-the-candidate-sees.md).
 * "Raised" counts paid gifts only, so a refund lowers it; this says by how much and why, so the
 * drop is never unexplained: how many of the candidate's gifts were refunded, their total, and the
 * latest ones with the day each was refunded and the reason staff gave.
 */
/** Every staff refund names a reason (refunds.ts: refundInput); older rows may not have one. */
export const REFUNDED_WITHOUT_REASON = 'Refunded by the campaign';

export interface RefundedGift {
  id: string;
  reference: string;
  name: string;
  amountCents: number;
  refundedAt: Date;
  reason: string;
}

export interface RefundSummary {
  count: number;
  totalCents: number;
  /** The latest refunds first. */
  latest: RefundedGift[];
}

export async function refundSummary(db: Db, candidateId: number, limit = 10): Promise<RefundSummary> {
  const [totals, rows] = await Promise.all([
    db
      .selectFrom('donations')
      .select([sql<string>`count(*)`.as('count'), sql<string>`coalesce(sum(amount_cents), 0)`.as('cents')])
      .where('candidate_id', '=', candidateId)
      .where('status', '=', 'refunded')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('donations')
      .select([
        'id',
        'reference',
        sql<string>`first_name || ' ' || last_name`.as('name'),
        'amount_cents',
        sql<Date>`coalesce(refunded_at, paid_at, created_at)`.as('refunded_at'),
        'refund_reason',
      ])
      .where('candidate_id', '=', candidateId)
      .where('status', '=', 'refunded')
      .orderBy(sql`coalesce(refunded_at, paid_at, created_at)`, 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute(),
  ]);
  return {
    count: Number(totals.count),
    totalCents: Number(totals.cents),
    latest: rows.map((r) => ({
      id: String(r.id),
      reference: r.reference,
      name: r.name,
      amountCents: r.amount_cents,
      refundedAt: new Date(r.refunded_at),
      reason: r.refund_reason ?? REFUNDED_WITHOUT_REASON,
    })),
  };
}
