import { sql, type Transaction } from 'kysely';
import type { Db } from '../../../db/client';
import type { Database, ShiftSignupStatus, SignupSource } from '../../../db/schema';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors';
import { hitRateLimit, type RateLimitRule } from '../rate-limits/service';
import { signupOrigin } from './referrals';
import type { SignupInput } from './schema';
import { eventForViewer } from './views';

/**
 * Signing up for shifts, and cancelling (decision 0092). Places are counted in SQL: a shift's
 * `confirmed_count` grows only by a conditional UPDATE (`confirmed_count < capacity`), which
 * PostgreSQL re-checks on the row after waiting for its lock, so however many sign-ups race for the
 * last places, exactly that many are confirmed and the rest waitlisted (the CHECK backs it up).
 * A cancelled confirmed place goes to the first waitlisted person in the same transaction.
 */

export interface SignupResult {
  signupId: number;
  shifts: { shiftId: number; status: Exclude<ShiftSignupStatus, 'cancelled'> }[];
}

/**
 * Sign-ups from one address: each sends a confirmation to the email typed, so a script must not
 * turn the form into a mailer or fill every shift with made-up people.
 */
export const SIGNUPS_PER_ADDRESS: RateLimitRule = {
  name: 'event-signup-ip',
  limit: 20,
  windowSeconds: 600,
  message: 'Too many sign-ups from your connection. Please wait a few minutes and try again.',
};

/** Takes a place on `shiftId` if one is left; the status the shift sign-up gets. */
async function takePlace(trx: Transaction<Database>, shiftId: number): Promise<'confirmed' | 'waitlisted'> {
  const taken = await trx
    .updateTable('event_shifts')
    .set({ confirmed_count: sql`confirmed_count + 1` })
    .where('id', '=', shiftId)
    .where(sql<boolean>`confirmed_count < capacity`)
    .returning('id')
    .executeTakeFirst();
  return taken ? 'confirmed' : 'waitlisted';
}

/**
 * Signs `input`'s person up (a member when `userId` is given, a guest otherwise) for the shifts
 * chosen, in one transaction. `key` is the private link's, when the page was reached by it; `ip`
 * the sender's address, counted against SIGNUPS_PER_ADDRESS (a request always has one).
 */
export async function signUp(
  db: Db,
  who: { userId: number | null; ip?: string },
  input: SignupInput,
  key: string | null = null,
  now = new Date(),
): Promise<SignupResult> {
  const { userId } = who;
  if (who.ip) await hitRateLimit(db, SIGNUPS_PER_ADDRESS, who.ip);
  const event = await eventForViewer(db, input.eventId, userId, key);
  if (event?.status !== 'published') throw new NotFoundError('There is no such event.');
  const wanted = [...new Set(input.shiftIds)].sort((a, b) => a - b);
  const shifts = new Map(event.shifts.map((s) => [s.id, s]));
  for (const id of wanted) {
    const shift = shifts.get(id);
    if (!shift) throw new ValidationError({ shiftIds: ['Choose shifts of this event.'] });
    if (shift.startsAt <= now) throw new ValidationError({ shiftIds: ['That shift has already started.'] });
  }
  const origin = await signupOrigin(db, event.id, input.email, input);
  return db.transaction().execute(async (trx) => {
    const signupId = await signupToWrite(trx, event.id, userId, input, origin);
    const taken = await trx
      .selectFrom('event_shift_signups')
      .select(['shift_id', 'status'])
      .where('signup_id', '=', signupId)
      .execute();
    const result: SignupResult = { signupId, shifts: [] };
    // Shifts in id order, so two sign-ups for the same shifts lock them in the same order.
    for (const shiftId of wanted) {
      const before = taken.find((t) => t.shift_id === shiftId);
      if (before && before.status !== 'cancelled') {
        result.shifts.push({ shiftId, status: before.status });
        continue;
      }
      // A shift cancelled earlier is taken again at the back of the line (a new row, a new id).
      if (before) {
        await trx
          .deleteFrom('event_shift_signups')
          .where('signup_id', '=', signupId)
          .where('shift_id', '=', shiftId)
          .execute();
      }
      const status = await takePlace(trx, shiftId);
      await trx
        .insertInto('event_shift_signups')
        .values({ signup_id: signupId, shift_id: shiftId, status })
        .execute();
      result.shifts.push({ shiftId, status });
    }
    return result;
  });
}

/**
 * The sign-up this one is written to. One per person per event (unique on the email): a new row;
 * or, when the email is there already, the same member's own sign-up (more shifts), or a sign-up
 * whose every shift was cancelled (replaced: a fresh sign-up gets its own confirmation). Anyone
 * else giving an email that is signed up is refused, so no one changes another person's sign-up.
 */
async function signupToWrite(
  trx: Transaction<Database>,
  eventId: number,
  userId: number | null,
  input: SignupInput,
  origin: { source: SignupSource; referredBy: number | null },
): Promise<number> {
  const existing = await trx
    .selectFrom('event_signups')
    .select(['id', 'user_id'])
    .where('event_id', '=', eventId)
    .where(sql<boolean>`lower(email) = lower(${input.email})`)
    .forUpdate()
    .executeTakeFirst();
  if (existing) {
    const active = await trx
      .selectFrom('event_shift_signups')
      .select('id')
      .where('signup_id', '=', existing.id)
      .where('status', '<>', 'cancelled')
      .executeTakeFirst();
    if (active && userId !== null && existing.user_id === userId) return existing.id;
    if (active) {
      throw new ConflictError(
        'This email is already signed up for this event. Use the link in your confirmation email (or My events) to change it.',
      );
    }
    await trx.deleteFrom('event_signups').where('id', '=', existing.id).execute();
  }
  const signup = await trx
    .insertInto('event_signups')
    .values({
      event_id: eventId,
      user_id: userId,
      name: input.name,
      email: input.email,
      zip: input.zip,
      phone: input.phone,
      sms_consent: input.smsConsent,
      source: origin.source,
      referred_by: origin.referredBy,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  // Another sign-up with this email committed between the two statements.
  if (!signup) throw new ConflictError('This email was just signed up for this event.');
  return signup.id;
}

export interface CancelResult {
  /** The shift sign-up moved up from the waitlist, if one was. */
  promotedId: number | null;
}

/**
 * Cancels sign-up `signupId`'s place (or waitlist entry) on `shiftId`. The shift's row is locked
 * first, so a cancel and a sign-up for the same shift take turns. Cancelling twice changes nothing.
 */
export async function cancelShift(
  db: Db,
  signupId: number,
  shiftId: number,
  now = new Date(),
): Promise<CancelResult> {
  return db.transaction().execute((trx) => cancelShiftIn(trx, signupId, shiftId, now));
}

/** cancelShift inside the caller's transaction (an account's deletion cancels its shifts with it). */
export async function cancelShiftIn(
  trx: Transaction<Database>,
  signupId: number,
  shiftId: number,
  now: Date,
): Promise<CancelResult> {
  const shift = await trx
    .selectFrom('event_shifts')
    .select(['id', 'starts_at'])
    .where('id', '=', shiftId)
    .forUpdate()
    .executeTakeFirst();
  if (!shift) throw new NotFoundError('There is no such shift.');
  if (new Date(shift.starts_at) <= now) throw new ForbiddenError('This shift has already started.');
  const mine = await trx
    .selectFrom('event_shift_signups')
    .select(['id', 'status'])
    .where('signup_id', '=', signupId)
    .where('shift_id', '=', shiftId)
    .forUpdate()
    .executeTakeFirst();
  if (!mine) throw new NotFoundError('You are not signed up for this shift.');
  if (mine.status === 'cancelled') return { promotedId: null };
  await trx
    .updateTable('event_shift_signups')
    .set({ status: 'cancelled', cancelled_at: now })
    .where('id', '=', mine.id)
    .execute();
  if (mine.status === 'waitlisted') return { promotedId: null };
  const next = await trx
    .selectFrom('event_shift_signups')
    .select('id')
    .where('shift_id', '=', shiftId)
    .where('status', '=', 'waitlisted')
    .orderBy('id')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
  if (next) {
    // The place changes hands: the count of confirmed places stays as it is.
    await trx
      .updateTable('event_shift_signups')
      .set({ status: 'confirmed', promoted_at: now })
      .where('id', '=', next.id)
      .execute();
    return { promotedId: next.id };
  }
  await trx
    .updateTable('event_shifts')
    .set({ confirmed_count: sql`confirmed_count - 1` })
    .where('id', '=', shiftId)
    .execute();
  return { promotedId: null };
}

/** The sign-up `signupId` if member `userId` owns it; anyone else is told it does not exist. */
export async function ownSignup(db: Db, userId: number, signupId: number): Promise<number> {
  const row = await db
    .selectFrom('event_signups')
    .select('id')
    .where('id', '=', signupId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw new NotFoundError('There is no such sign-up.');
  return row.id;
}

export interface SignupView {
  id: number;
  eventId: number;
  title: string;
  timeZone: string;
  address: string;
  virtualUrl: string | null;
  name: string;
  shifts: { shiftId: number; startsAt: Date; endsAt: Date; status: ShiftSignupStatus }[];
}

/** One sign-up with its event and shifts (the signed page and emails read it). */
export async function signupView(db: Db, signupId: number): Promise<SignupView | null> {
  const row = await db
    .selectFrom('event_signups as s')
    .innerJoin('events as e', 'e.id', 's.event_id')
    .select(['s.id', 's.event_id', 's.name', 'e.title', 'e.time_zone', 'e.address', 'e.virtual_url'])
    .where('s.id', '=', signupId)
    .executeTakeFirst();
  if (!row) return null;
  const shifts = await db
    .selectFrom('event_shift_signups as ss')
    .innerJoin('event_shifts as sh', 'sh.id', 'ss.shift_id')
    .select(['ss.shift_id', 'sh.starts_at', 'sh.ends_at', 'ss.status'])
    .where('ss.signup_id', '=', signupId)
    .orderBy('sh.starts_at')
    .execute();
  return {
    id: row.id,
    eventId: row.event_id,
    title: row.title,
    timeZone: row.time_zone,
    address: row.address,
    virtualUrl: row.virtual_url,
    name: row.name,
    shifts: shifts.map((s) => ({
      shiftId: s.shift_id,
      startsAt: new Date(s.starts_at),
      endsAt: new Date(s.ends_at),
      status: s.status,
    })),
  };
}

/** A member's sign-ups with events not over yet first, for "My events". */
export async function myEvents(db: Db, userId: number): Promise<SignupView[]> {
  const ids = await db
    .selectFrom('event_signups as s')
    .innerJoin('events as e', 'e.id', 's.event_id')
    .select('s.id')
    .where('s.user_id', '=', userId)
    .orderBy(sql`e.ends_at < now()`)
    .orderBy('e.starts_at')
    .limit(100)
    .execute();
  const views = await Promise.all(ids.map((r) => signupView(db, r.id)));
  return views.filter((v): v is SignupView => v !== null);
}
