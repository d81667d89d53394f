import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import type { SignupSource } from '../../../db/schema';
import { eventsNear } from './suggestions';

/**
 * Growth loops (issue 51, decision 0101): after signing up, a person gets an invite link of their
 * own, `/events/<id>?invite=<code>`; the code is random (no personal data in the URL) and made the
 * first time the link is shown. A sign-up through it records the referrer and the source 'invite';
 * one from the three events suggested after a sign-up records 'suggested'. A person is one sign-up
 * per event (unique on the email), so each friend counts once however often they use the link, and
 * nobody counts as their own referral.
 */

/** The code of sign-up `signupId`'s invite link, made once (two racers keep the first). */
export async function inviteCodeFor(db: Db, signupId: number): Promise<string> {
  const storedCode = () =>
    db.selectFrom('event_signups').select('invite_code').where('id', '=', signupId).executeTakeFirstOrThrow();
  // Read first: the link is shown on every visit to the event and the sign-up page, and only the
  // first showing writes.
  const stored = (await storedCode()).invite_code;
  if (stored) return stored;
  await db
    .updateTable('event_signups')
    .set({ invite_code: randomBytes(12).toString('base64url') })
    .where('id', '=', signupId)
    .where('invite_code', 'is', null)
    .execute();
  return (await storedCode()).invite_code as string;
}

export const invitePath = (eventId: number, code: string) => `/events/${eventId}?invite=${code}`;

/** An invite code as a URL or form gives it: the shape inviteCodeFor makes, else null. */
export function readInviteCode(text: string | null | undefined): string | null {
  return text && /^[A-Za-z0-9_-]{16}$/.test(text) ? text : null;
}

/** Where a new sign-up came from, from the form's hidden fields: the referrer's sign-up when a code of this event is given. */
export async function signupOrigin(
  db: Db,
  eventId: number,
  email: string,
  given: { invite?: string | null; source?: string | null },
): Promise<{ source: SignupSource; referredBy: number | null }> {
  const code = readInviteCode(given.invite);
  if (code) {
    const referrer = await db
      .selectFrom('event_signups')
      .select('id')
      .where('event_id', '=', eventId)
      .where('invite_code', '=', code)
      .where(sql<boolean>`lower(email) <> lower(${email})`)
      .executeTakeFirst();
    if (referrer) return { source: 'invite', referredBy: referrer.id };
  }
  return { source: given.source === 'suggested' ? 'suggested' : 'direct', referredBy: null };
}

export interface SignupSources {
  bySource: { source: SignupSource; signups: number }[];
  /** People whose invite link brought others, most first. */
  referrers: { id: number; name: string; signups: number }[];
}

/** The organizer's view of where an event's sign-ups (with a shift not cancelled) came from. */
export async function signupSources(db: Db, eventId: number): Promise<SignupSources> {
  const active = (alias: string) =>
    sql<boolean>`EXISTS (SELECT 1 FROM event_shift_signups ss
      WHERE ss.signup_id = ${sql.ref(`${alias}.id`)} AND ss.status <> 'cancelled')`;
  const bySource = await db
    .selectFrom('event_signups as s')
    .select(['s.source', sql<number>`count(*)::int`.as('signups')])
    .where('s.event_id', '=', eventId)
    .where(active('s'))
    .groupBy('s.source')
    .orderBy('s.source')
    .execute();
  const referrers = await db
    .selectFrom('event_signups as friend')
    .innerJoin('event_signups as r', 'r.id', 'friend.referred_by')
    .select(['r.id', 'r.name', sql<number>`count(DISTINCT lower(friend.email))::int`.as('signups')])
    .where('friend.event_id', '=', eventId)
    .where(active('friend'))
    .groupBy(['r.id', 'r.name'])
    .orderBy(sql`count(DISTINCT lower(friend.email))`, 'desc')
    .orderBy('r.name')
    .limit(50)
    .execute();
  return { bySource: bySource.map((r) => ({ source: r.source, signups: r.signups })), referrers };
}

/**
 * What a sign-up's page offers next (issue 51): its invite link, for a published public event
 * (a friend could not open another), and three public events near the person's ZIP.
 */
export async function nextSteps(db: Db, signupId: number, now = new Date()) {
  const row = await db
    .selectFrom('event_signups as s')
    .innerJoin('events as e', 'e.id', 's.event_id')
    .select(['s.event_id', 's.zip', 'e.status', 'e.visibility', 'e.ends_at'])
    .where('s.id', '=', signupId)
    .executeTakeFirst();
  if (!row) return null;
  const open = row.status === 'published' && row.visibility === 'public' && new Date(row.ends_at) > now;
  return {
    invitePath: open ? invitePath(row.event_id, await inviteCodeFor(db, signupId)) : null,
    suggestions: await eventsNear(db, row.event_id, row.zip, now),
  };
}
