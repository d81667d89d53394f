import { sql, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema';
import { dollars } from '../../contract/money';
import { NOTIFICATION_TYPE } from '../../contract/notification-types';
import { createNotification } from '../notifications/service';

type Trx = Transaction<Database>;

/** Gifts paid within this window of an unread "donation received" notification join it. */
const BATCH_SECONDS = 60;

/** The gifts a notification already counts: "New donation: $50.00 from …" or "3 new donations ($175.00)". */
export function countedIn(message: string): { count: number; cents: number } | null {
  const cents = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100);
  const batch = /^(\d+) new donations \((\$[\d,]+\.\d\d)\)$/.exec(message);
  if (batch) return { count: Number(batch[1]), cents: cents(batch[2]!) };
  const single = /^New donation: (\$[\d,]+\.\d\d) from /.exec(message);
  return single ? { count: 1, cents: cents(single[1]!) } : null;
}

/** The candidate's unread donation notification of the last minute, locked for this transaction. */
function recentNotice(trx: Trx, candidateId: number) {
  return trx
    .selectFrom('notifications')
    .select(['id', 'message'])
    .where('user_id', '=', candidateId)
    .where('type', '=', NOTIFICATION_TYPE.donationReceived)
    .where('is_read', '=', false)
    .where('created_at', '>=', sql<Date>`now() - ${`${BATCH_SECONDS} seconds`}::interval`)
    .orderBy('created_at', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Tells the candidate about a paid gift (notification type 6). A burst of gifts is one
 * notification: when the candidate already has an unread type-6 notification from the last
 * minute, it becomes "N new donations ($total)". The row lock (FOR UPDATE) serializes gifts
 * adding to one notification; only when there is none yet does a per-candidate advisory lock
 * make sure two gifts paid at once do not each create one. Call it last in the paying
 * transaction: the lock is held until commit.
 */
export async function notifyDonationReceived(
  trx: Trx,
  gift: { candidateId: number; amountCents: number; donorName: string },
): Promise<{ id: number; userId: number } | null> {
  let recent = await recentNotice(trx, gift.candidateId);
  if (!recent) {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`donation-notice:${gift.candidateId}`}, 0))`.execute(
      trx,
    );
    recent = await recentNotice(trx, gift.candidateId);
  }
  const counted = recent ? countedIn(recent.message) : null;
  if (!recent || !counted) {
    return createNotification(trx, {
      userId: gift.candidateId,
      type: NOTIFICATION_TYPE.donationReceived,
      message: `New donation: ${dollars(gift.amountCents)} from ${gift.donorName}`,
      route: '/campaign-dashboard',
    });
  }
  await trx
    .updateTable('notifications')
    .set({ message: `${counted.count + 1} new donations (${dollars(counted.cents + gift.amountCents)})` })
    .where('id', '=', recent.id)
    .execute();
  return { id: recent.id, userId: gift.candidateId };
}

/**
 * Tells the candidate that staff gave a gift back (docs/decisions/0077-refunds-the-candidate-sees.md):
 * the spec's type 6, "donation received", since its eleven types stay as they are, with its own
 * message and never batched into a "N new donations" count (countedIn does not read it). Runs in the
 * refund's transaction, so there is no notification without the refund nor a refund without it.
 */
export function notifyDonationRefunded(
  trx: Trx,
  gift: { candidateId: number; amountCents: number; donorName: string },
): Promise<{ id: number; userId: number } | null> {
  return createNotification(trx, {
    userId: gift.candidateId,
    type: NOTIFICATION_TYPE.donationReceived,
    message: refundedMessage(gift.amountCents, gift.donorName),
    route: '/campaign-dashboard',
  });
}

/** "A $50.00 gift from Ana Lopez was refunded". */
export function refundedMessage(amountCents: number, donorName: string): string {
  return `A ${dollars(amountCents)} gift from ${donorName} was refunded`;
}
