import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetMemberSignups } from '../../../api/modules/events/account-data';
import { createEvent } from '../../../api/modules/events/hosting';
import { signUp } from '../../../api/modules/events/signups';
import { exportUserData } from '../../../api/modules/people/account-data';
import { outboxEmail } from '../../../api/ports/email/outbox';
import type { DbHandle } from '../../../db/client';
import { aGuest, aMember, anEvent, shiftIdsOf } from '../../factories/events';
import { createTestDatabase } from '../../factories/test-db';

/**
 * A member's sign-ups are in "Export my data"; deleting the account cancels the shifts to come (the
 * waitlisted person moves up) and strips the name, email, ZIP and phone from every sign-up.
 */
let database: DbHandle;

beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(() => database?.close());

describe('a member’s sign-ups and their account data', () => {
  it('are exported, and on deletion cancelled (moving the waitlist up) and anonymized', async () => {
    const db = database.db;
    const hostId = (await aMember(db, 'candidate')).id;
    const event = await createEvent({ db, email: outboxEmail(), appUrl: '' }, hostId, hostId, anEvent({}, 1));
    const [shiftId = 0] = await shiftIdsOf(db, event.id);
    const member = await aMember(db, 'individual');
    await signUp(
      db,
      { userId: member.id },
      {
        ...aGuest(event.id, [shiftId], 1, 'x'),
        email: member.email,
        phone: '412 555 0100',
      },
    );
    const guest = await signUp(db, { userId: null }, aGuest(event.id, [shiftId], 2, 'waiting'));
    expect(guest.shifts[0]?.status).toBe('waitlisted');

    const exported = await exportUserData(db, member.id);
    expect(exported.eventSignups).toEqual([
      expect.objectContaining({ eventId: event.id, email: member.email, phone: '412 555 0100' }),
    ]);

    await db.transaction().execute((trx) => forgetMemberSignups(trx, member.id));
    const rows = await db
      .selectFrom('event_signups')
      .select(['id', 'user_id', 'name', 'email', 'phone'])
      .where('event_id', '=', event.id)
      .orderBy('id')
      .execute();
    expect(rows[0]).toMatchObject({ user_id: null, name: 'Deleted member', phone: null });
    expect(rows[0]?.email).toMatch(/^deleted-signup-\d+@deleted\.invalid$/);
    expect(JSON.stringify(rows)).not.toContain(member.email);
    const statuses = await db
      .selectFrom('event_shift_signups')
      .select(['signup_id', 'status'])
      .where('shift_id', '=', shiftId)
      .orderBy('signup_id')
      .execute();
    expect(statuses.map((s) => s.status)).toEqual(['cancelled', 'confirmed']);
    const shift = await db
      .selectFrom('event_shifts')
      .select('confirmed_count')
      .where('id', '=', shiftId)
      .executeTakeFirstOrThrow();
    expect(shift.confirmed_count).toBe(1);
  });
});
