import type { Db } from '../../../db/client';
import { releaseHeadroom } from './ledger';

/**
 * Pending gifts whose 30-minute reservation lapsed without a payment become expired and give
 * their headroom back (docs/decisions/0021-campaign-donations.md). Each gift is claimed by a conditional update, so two
 * runs at once release it once. Returns how many expired.
 */
export async function expireGiftReservations(db: Db, now = new Date()): Promise<number> {
  const due = await db
    .selectFrom('donations')
    .select('id')
    .where('status', '=', 'pending')
    .where('reservation_expires_at', '<', now)
    .orderBy('reservation_expires_at')
    .limit(1000)
    .execute();
  let expired = 0;
  for (const { id } of due) {
    await db.transaction().execute(async (trx) => {
      const gift = await trx
        .updateTable('donations')
        .set({ status: 'expired', reservation_expires_at: null })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .returning(['candidate_id', 'donor_id', 'election', 'amount_cents'])
        .executeTakeFirst();
      if (!gift) return;
      expired++;
      await releaseHeadroom(
        trx,
        { candidateId: gift.candidate_id, donorId: gift.donor_id, election: gift.election },
        gift.amount_cents,
      );
    });
  }
  return expired;
}
