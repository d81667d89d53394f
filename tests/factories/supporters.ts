import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';

/** Events and sign-ups for the supporter tests, written straight to the tables. */
export async function anEventOf(db: Db, hostId: number, title = 'Saturday canvass'): Promise<number> {
  const starts = new Date(Date.now() + 7 * 86_400_000);
  const row = await db
    .insertInto('events')
    .values({
      host_id: hostId,
      status: 'published',
      type: 'canvass',
      title,
      description: 'Knock doors with neighbours.',
      time_zone: 'America/New_York',
      address: '1 Main St, Columbus, OH',
      zip: '43215',
      state: 'OH',
      latitude: 39.96,
      longitude: -83,
      visibility: 'public',
      share_key: randomBytes(8).toString('hex'),
      starts_at: starts,
      ends_at: new Date(starts.getTime() + 3 * 3_600_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function aSignup(
  db: Db,
  eventId: number,
  person: { userId?: number | null; email: string; name: string; zip?: string; phone?: string | null },
): Promise<number> {
  const row = await db
    .insertInto('event_signups')
    .values({
      event_id: eventId,
      user_id: person.userId ?? null,
      name: person.name,
      email: person.email,
      zip: person.zip ?? '43215',
      phone: person.phone ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The supporter row of a member or a guest email for a campaign (undefined when none). */
export function supporterOf(db: Db, ownerId: number, who: { userId: number } | { email: string }) {
  let q = db.selectFrom('supporters').selectAll().where('owner_id', '=', ownerId);
  q =
    'userId' in who
      ? q.where('user_id', '=', who.userId)
      : q.where('email_key', '=', who.email.toLowerCase());
  return q.executeTakeFirst();
}
