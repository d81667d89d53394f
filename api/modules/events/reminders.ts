import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import type { EmailMessage, EmailPort } from '../../ports/email';
import {
  confirmationEmail,
  type MessageLinks,
  promotionEmail,
  reminderEmail,
  thankYouEmail,
} from './messages';
import { signupView } from './signups';
import { eventsNear } from './suggestions';

/**
 * Sends every sign-up message that is due (decision 0092), exactly once per sign-up even across a
 * crash: each message has a key (`event-signup:<id>:confirmation`...), the email port sends a key at
 * most once (`sendOnce`, the outbox's idempotency key), and the row is marked sent after. A process
 * killed between the two leaves the row unmarked; the next run's `sendOnce` finds the key and only
 * marks it. These messages are transactional: no sending cap (mass email's allowance) applies.
 *
 * Due:
 * - confirmation: every sign-up not confirmed yet;
 * - moved up: a waitlisted shift that got a place;
 * - 24 hours: a confirmed shift starting in 2 to 24 hours; 2 hours: one starting within 2 hours;
 * - thank-you: a sign-up with a confirmed shift, once its event has ended (within 7 days).
 */

export interface EventMessageDeps {
  db: Db;
  email: EmailPort;
  links: MessageLinks;
}

/** A test's way into the gap between sending and marking (a crash there must not send twice). */
export interface SweepHooks {
  afterSend?: (key: string) => Promise<void> | void;
}

const HOUR_MS = 3_600_000;
const BATCH = 200;
const THANK_YOU_WITHIN_DAYS = 7;

type Kind = 'confirmation' | 'moved-up' | 'day' | 'hours' | 'thanks';

/** Sends `message` under `key`; true when it is out (now or by an earlier run) and the row may be marked. */
async function sendKeyed(
  deps: EventMessageDeps,
  message: EmailMessage,
  key: string,
  hooks: SweepHooks,
): Promise<boolean> {
  const result = await deps.email.sendOnce(deps.db, message, key);
  await hooks.afterSend?.(key);
  // A permanent refusal is never tried again either: the row is marked and the outbox keeps the error.
  return result.outcome !== 'failed' || result.permanent;
}

async function emailOf(db: Db, signupId: number): Promise<string> {
  const row = await db
    .selectFrom('event_signups')
    .select('email')
    .where('id', '=', signupId)
    .executeTakeFirstOrThrow();
  return row.email;
}

async function sendConfirmations(deps: EventMessageDeps, hooks: SweepHooks): Promise<number> {
  const due = await deps.db
    .selectFrom('event_signups')
    .select(['id', 'email'])
    .where('confirmation_sent_at', 'is', null)
    .orderBy('id')
    .limit(BATCH)
    .execute();
  let sent = 0;
  for (const row of due) {
    const signup = await signupView(deps.db, row.id);
    if (!signup) continue;
    const key = `event-signup:${row.id}:confirmation`;
    if (await sendKeyed(deps, confirmationEmail(row.email, signup, deps.links), key, hooks)) {
      await deps.db
        .updateTable('event_signups')
        .set({ confirmation_sent_at: sql`now()` })
        .where('id', '=', row.id)
        .execute();
      sent++;
    }
  }
  return sent;
}

/** Shift sign-ups due a per-shift message, with the column that marks it. */
async function sendShiftMessages(
  deps: EventMessageDeps,
  hooks: SweepHooks,
  kind: 'moved-up' | 'day' | 'hours',
  now: Date,
): Promise<number> {
  const column = {
    'moved-up': 'promotion_sent_at',
    day: 'day_reminder_sent_at',
    hours: 'hour_reminder_sent_at',
  } as const;
  let query = deps.db
    .selectFrom('event_shift_signups as ss')
    .innerJoin('event_shifts as sh', 'sh.id', 'ss.shift_id')
    // An event staff unpublished (decision 0101) reminds no one.
    .innerJoin('events as e', 'e.id', 'sh.event_id')
    .select(['ss.id', 'ss.signup_id', 'ss.shift_id'])
    .where('e.status', '=', 'published')
    .where('ss.status', '=', 'confirmed')
    .where(`ss.${column[kind]}`, 'is', null)
    .where('sh.starts_at', '>', now);
  if (kind === 'moved-up') query = query.where('ss.promoted_at', 'is not', null);
  if (kind === 'day') {
    query = query
      .where('sh.starts_at', '>', new Date(now.getTime() + 2 * HOUR_MS))
      .where('sh.starts_at', '<=', new Date(now.getTime() + 24 * HOUR_MS));
  }
  if (kind === 'hours') query = query.where('sh.starts_at', '<=', new Date(now.getTime() + 2 * HOUR_MS));
  const due = await query.orderBy('ss.id').limit(BATCH).execute();
  let sent = 0;
  for (const row of due) {
    const signup = await signupView(deps.db, row.signup_id);
    const shift = signup?.shifts.find((s) => s.shiftId === row.shift_id);
    if (!signup || !shift) continue;
    const to = await emailOf(deps.db, row.signup_id);
    const message =
      kind === 'moved-up'
        ? promotionEmail(to, signup, shift, deps.links)
        : reminderEmail(to, signup, shift, kind, deps.links);
    if (await sendKeyed(deps, message, `event-shift-signup:${row.id}:${kind}`, hooks)) {
      await deps.db
        .updateTable('event_shift_signups')
        .set({ [column[kind]]: sql`now()` })
        .where('id', '=', row.id)
        .execute();
      sent++;
    }
  }
  return sent;
}

async function sendThankYous(deps: EventMessageDeps, hooks: SweepHooks, now: Date): Promise<number> {
  const due = await deps.db
    .selectFrom('event_signups as s')
    .innerJoin('events as e', 'e.id', 's.event_id')
    .select(['s.id', 's.email', 's.zip'])
    .where('s.thanked_at', 'is', null)
    .where('e.ends_at', '<=', now)
    .where('e.ends_at', '>', new Date(now.getTime() - THANK_YOU_WITHIN_DAYS * 24 * HOUR_MS))
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('event_shift_signups as ss')
          .select('ss.id')
          .whereRef('ss.signup_id', '=', 's.id')
          .where('ss.status', '=', 'confirmed'),
      ),
    )
    .orderBy('s.id')
    .limit(BATCH)
    .execute();
  let sent = 0;
  for (const row of due) {
    const signup = await signupView(deps.db, row.id);
    if (!signup) continue;
    const nearby = await eventsNear(deps.db, signup.eventId, row.zip, now);
    if (
      await sendKeyed(
        deps,
        thankYouEmail(row.email, signup, nearby, deps.links),
        `event-signup:${row.id}:thanks`,
        hooks,
      )
    ) {
      await deps.db
        .updateTable('event_signups')
        .set({ thanked_at: sql`now()` })
        .where('id', '=', row.id)
        .execute();
      sent++;
    }
  }
  return sent;
}

/** One run: everything due at `now`, confirmations first. Returns how many messages each kind marked. */
export async function sendDueEventMessages(
  deps: EventMessageDeps,
  now = new Date(),
  hooks: SweepHooks = {},
): Promise<Record<Kind, number>> {
  const confirmation = await sendConfirmations(deps, hooks);
  const movedUp = await sendShiftMessages(deps, hooks, 'moved-up', now);
  const day = await sendShiftMessages(deps, hooks, 'day', now);
  const hours = await sendShiftMessages(deps, hooks, 'hours', now);
  const thanks = await sendThankYous(deps, hooks, now);
  return { confirmation, 'moved-up': movedUp, day, hours, thanks };
}
