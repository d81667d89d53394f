import { sql, type Transaction } from 'kysely';
import type { Db } from '../../../db/client';
import type { Database } from '../../../db/schema';
import { cancelShiftIn } from './signups';

/**
 * A member's sign-ups in "Export my data", and what "Delete my account" does to them (decision
 * 0092): shifts still to come are cancelled (a waitlisted person moves up), and every sign-up
 * keeps only that someone came, without the name, email, ZIP or phone, and is sent nothing more.
 */
export async function eventSignupsOf(db: Db, userId: number) {
  return db
    .selectFrom('event_signups as s')
    .innerJoin('events as e', 'e.id', 's.event_id')
    .select([
      'e.id as eventId',
      'e.title',
      's.name',
      's.email',
      's.zip',
      's.phone',
      's.sms_consent',
      's.created_at',
    ])
    .where('s.user_id', '=', userId)
    .orderBy('s.created_at')
    .execute();
}

export async function forgetMemberSignups(
  trx: Transaction<Database>,
  userId: number,
  now = new Date(),
): Promise<void> {
  const upcoming = await trx
    .selectFrom('event_shift_signups as ss')
    .innerJoin('event_signups as s', 's.id', 'ss.signup_id')
    .innerJoin('event_shifts as sh', 'sh.id', 'ss.shift_id')
    .select(['ss.signup_id', 'ss.shift_id'])
    .where('s.user_id', '=', userId)
    .where('ss.status', '<>', 'cancelled')
    .where('sh.starts_at', '>', now)
    .orderBy('ss.shift_id')
    .execute();
  for (const row of upcoming) await cancelShiftIn(trx, row.signup_id, row.shift_id, now);
  await trx
    .updateTable('event_signups')
    .set({
      user_id: null,
      name: 'Deleted member',
      email: sql`'deleted-signup-' || id || '@deleted.invalid'`,
      zip: '00000',
      phone: null,
      sms_consent: false,
      confirmation_sent_at: sql`coalesce(confirmation_sent_at, now())`,
      thanked_at: sql`coalesce(thanked_at, now())`,
    })
    .where('user_id', '=', userId)
    .execute();
}
