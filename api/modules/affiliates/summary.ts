import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import type { AffiliateSummary } from '../../contract/affiliates';
import { affiliateOfUser } from './join';

/** The affiliate's own figures (/affiliates/dashboard), all time; null when they have not joined. */
export async function affiliateSummary(db: Db, userId: number): Promise<AffiliateSummary | null> {
  const affiliate = await affiliateOfUser(db, userId);
  if (!affiliate) return null;
  const [clicks, commissions, paid, recent] = await Promise.all([
    db
      .selectFrom('affiliate_clicks')
      .select(sql<string>`count(*)`.as('n'))
      .where('affiliate_id', '=', affiliate.id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('affiliate_commissions')
      .select([
        sql<string>`count(*) FILTER (WHERE reversed_at IS NULL)`.as('conversions'),
        sql<string>`coalesce(sum(amount_cents), 0)`.as('earned'),
        sql<string>`coalesce(sum(amount_cents) FILTER (WHERE reversed_at IS NOT NULL), 0)`.as('reversed'),
      ])
      .where('affiliate_id', '=', affiliate.id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('affiliate_payouts')
      .select(sql<string>`coalesce(sum(amount_cents), 0)`.as('paid'))
      .where('affiliate_id', '=', affiliate.id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('affiliate_commissions')
      .select(['source_kind', 'earned_at', 'amount_cents', 'reversed_at'])
      .where('affiliate_id', '=', affiliate.id)
      .orderBy('earned_at', 'desc')
      .orderBy('id', 'desc')
      .limit(20)
      .execute(),
  ]);
  const earnedCents = Number(commissions.earned);
  const reversedCents = Number(commissions.reversed);
  const paidCents = Number(paid.paid);
  return {
    code: affiliate.code,
    clicks: Number(clicks.n),
    conversions: Number(commissions.conversions),
    earnedCents,
    reversedCents,
    paidCents,
    balanceCents: earnedCents - reversedCents - paidCents,
    recent: recent.map((r) => ({
      kind: r.source_kind,
      earnedAt: new Date(r.earned_at).toISOString(),
      amountCents: r.amount_cents,
      reversed: r.reversed_at !== null,
    })),
  };
}
