import { sql, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema';
import { dollars } from '../../contract/money';
import { NOTIFICATION_TYPE } from '../../contract/notification-types';
import { createNotification } from '../notifications/service';

/** Gifts paid within this window of an unread "donation received" notification join it. */
const BATCH_SECONDS = 60;

/**
 * Tells the candidate about a paid gift (notification type 6). A burst of gifts is one
 * notification: when the candidate already has an unread type-6 notification from the last
 * minute, it becomes "N new donations ($total)" for the gifts paid since it was made. An advisory
 * lock per candidate keeps two gifts paid at once from each adding one.
 */
export async function notifyDonationReceived(
  trx: Transaction<Database>,
  gift: { candidateId: number; amountCents: number; donorName: string },
): Promise<{ id: number; userId: number } | null> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`donation-notice:${gift.candidateId}`}, 0))`.execute(
    trx,
  );
  const recent = await trx
    .selectFrom('notifications')
    .select(['id', 'created_at'])
    .where('user_id', '=', gift.candidateId)
    .where('type', '=', NOTIFICATION_TYPE.donationReceived)
    .where('is_read', '=', false)
    .where('created_at', '>=', sql<Date>`now() - ${`${BATCH_SECONDS} seconds`}::interval`)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (!recent) {
    return createNotification(trx, {
      userId: gift.candidateId,
      type: NOTIFICATION_TYPE.donationReceived,
      message: `New donation: ${dollars(gift.amountCents)} from ${gift.donorName}`,
      route: '/campaign-dashboard',
    });
  }
  const batch = await trx
    .selectFrom('donations')
    .select((eb) => [
      eb.fn.countAll<string>().as('count'),
      eb.fn.coalesce(eb.fn.sum<string>('amount_cents'), eb.lit(0)).as('total'),
    ])
    .where('candidate_id', '=', gift.candidateId)
    .where('status', '=', 'paid')
    .where('paid_at', '>=', recent.created_at)
    .executeTakeFirstOrThrow();
  // paid_at is the paying transaction's now(), as is the notification's created_at: the gift that
  // made the notification counts too.
  const count = Math.max(2, Number(batch.count));
  await trx
    .updateTable('notifications')
    .set({ message: `${count} new donations (${dollars(Number(batch.total))})` })
    .where('id', '=', recent.id)
    .execute();
  return { id: recent.id, userId: gift.candidateId };
}
