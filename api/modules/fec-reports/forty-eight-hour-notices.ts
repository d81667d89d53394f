import { sql, type Transaction } from 'kysely';
import type { Db } from '../../../db/client';
import type { Database } from '../../../db/schema';
import { dollars } from '../../contract/money';
import { NOTIFICATION_TYPE } from '../../contract/notification-types';
import type { EmailPort } from '../../ports/email';
import { createNotification } from '../notifications/service';
import { campaignTimeZone } from './committee';
import { cycleElections } from './cycle-elections';
import { NOTICE_HOURS, needsNotice, noticeDueAt, noticeWindow } from './forty-eight-hour-rule';
import { liveTreasurers } from './treasurer-list';

type Trx = Transaction<Database>;

/** A gift that just became paid, as the paying transaction knows it. */
export interface PaidGift {
  id: string;
  candidate_id: number;
  amount_cents: number;
  paid_at: Date | null;
  first_name: string;
  last_name: string;
}

/**
 * The 48-hour notice of a gift that just became paid (a first charge or a monthly renewal), in
 * the paying transaction (docs/decisions/0090-fec-reports.md): when the rule applies
 * (forty-eight-hour-rule.ts), the gift joins the candidate's open notice for that election (or a
 * new one), and the candidate is notified (type 6, "Donation received": the spec's eleven types
 * stay) and emailed, with each live treasurer. The gift is the key of its notice line, so a
 * payment delivered twice lists it once. Returns whether the gift needed a notice.
 */
export async function raiseFortyEightHourNotice(
  trx: Trx,
  email: EmailPort,
  appUrl: string,
  gift: PaidGift,
): Promise<boolean> {
  const at = gift.paid_at ?? new Date();
  const elections = await cycleElections(trx, gift.candidate_id);
  if (!elections) return false;
  const zone = await campaignTimeZone(trx, gift.candidate_id);
  const election = (['primary', 'general'] as const).find((e) =>
    needsNotice(
      noticeWindow(e === 'primary' ? elections.primaryOn : elections.generalOn, zone),
      gift.amount_cents,
      at,
    ),
  );
  if (!election) return false;
  // One open notice per candidate and election (a partial unique index): insert it or find it.
  await sql`INSERT INTO forty_eight_hour_notices (candidate_id, election) VALUES (${gift.candidate_id}, ${election})
    ON CONFLICT (candidate_id, election) WHERE filed_at IS NULL DO NOTHING`.execute(trx);
  const notice = await trx
    .selectFrom('forty_eight_hour_notices')
    .select('id')
    .where('candidate_id', '=', gift.candidate_id)
    .where('election', '=', election)
    .where('filed_at', 'is', null)
    .executeTakeFirstOrThrow();
  const added = await trx
    .insertInto('forty_eight_hour_notice_gifts')
    .values({ donation_id: gift.id, notice_id: notice.id })
    .onConflict((oc) => oc.column('donation_id').doNothing())
    .executeTakeFirst();
  if (Number(added.numInsertedOrUpdatedRows ?? 0) === 0) return true;

  const donor = `${gift.first_name} ${gift.last_name}`;
  const message = `48-hour notice needed: ${dollars(gift.amount_cents)} from ${donor}, due within ${NOTICE_HOURS} hours`;
  await createNotification(trx, {
    userId: gift.candidate_id,
    type: NOTIFICATION_TYPE.donationReceived,
    message,
    route: '/campaign-dashboard',
  });
  const candidate = await trx
    .selectFrom('users')
    .select('email')
    .where('id', '=', gift.candidate_id)
    .executeTakeFirstOrThrow();
  const due = noticeDueAt(at);
  const text = [
    `A contribution of ${dollars(gift.amount_cents)} from ${donor} was received on ${at.toISOString()}, within the ${election} election's 48-hour-notice window.`,
    `File a 48-hour notice (FEC Form 6) by ${due.toISOString()}. Download it from your campaign dashboard: ${appUrl}/campaign-dashboard`,
  ].join('\n\n');
  const recipients = [candidate.email, ...(await liveTreasurers(trx, gift.candidate_id)).map((t) => t.email)];
  for (const to of recipients)
    await email.send(trx, { to, subject: '48-hour notice needed (FEC Form 6)', text });
  return true;
}

export interface OpenNotice {
  id: number;
  election: 'primary' | 'general';
  gifts: number;
  totalCents: number;
  /** The first gift's deadline: 48 hours after it was received. */
  dueAt: Date;
}

/** The candidate's notices not yet marked filed, soonest due first: the dashboard's alarm. */
export async function openNotices(db: Db, candidateId: number): Promise<OpenNotice[]> {
  const rows = await sql<{
    id: number;
    election: 'primary' | 'general';
    gifts: string;
    total: string;
    first: Date;
  }>`
    SELECT n.id, n.election, count(*) AS gifts, sum(d.amount_cents) AS total,
      min(coalesce(d.paid_at, d.created_at)) AS first
    FROM forty_eight_hour_notices n
    JOIN forty_eight_hour_notice_gifts g ON g.notice_id = n.id
    JOIN donations d ON d.id = g.donation_id
    WHERE n.candidate_id = ${candidateId} AND n.filed_at IS NULL
    GROUP BY n.id, n.election ORDER BY first`.execute(db);
  return rows.rows.map((r) => ({
    id: r.id,
    election: r.election,
    gifts: Number(r.gifts),
    totalCents: Number(r.total),
    dueAt: noticeDueAt(new Date(r.first)),
  }));
}

/** Marks one of the candidate's own notices filed; false when it is not theirs or already filed. */
export async function markNoticeFiled(db: Db, candidateId: number, noticeId: number): Promise<boolean> {
  const result = await db
    .updateTable('forty_eight_hour_notices')
    .set({ filed_at: sql`now()` })
    .where('id', '=', noticeId)
    .where('candidate_id', '=', candidateId)
    .where('filed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
