import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../../../api/modules/events/hosting';
import { cancelShift, signUp } from '../../../api/modules/events/signups';
import { outboxEmail } from '../../../api/ports/email/outbox';
import { type DbHandle, openDatabase } from '../../../db/client';
import { aGuest, aMember, anEvent, shiftIdsOf } from '../../factories/events';
import { createTestDatabase } from '../../factories/test-db';

/**
 * A shift's places are counted in SQL (decision 0092): 500 sign-ups racing for the last 10 places
 * store exactly 10 confirmed and 490 waitlisted, on PGlite and on PostgreSQL (with DATABASE_URL the
 * same file runs there, several connections at once). A cancel hands the place to the first waitlisted.
 */
let database: DbHandle & { url?: string };
let hostId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  hostId = (await aMember(database.db, 'candidate')).id;
}, 60_000);
afterAll(() => database?.close());

const deps = () => ({ db: database.db, email: outboxEmail(), appUrl: 'http://localhost:3000' });

async function counts(shiftId: number) {
  const rows = await database.db
    .selectFrom('event_shift_signups')
    .select(['status'])
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('shift_id', '=', shiftId)
    .groupBy('status')
    .execute();
  const shift = await database.db
    .selectFrom('event_shifts')
    .select(['confirmed_count', 'capacity'])
    .where('id', '=', shiftId)
    .executeTakeFirstOrThrow();
  return {
    ...Object.fromEntries(rows.map((r) => [r.status, Number(r.n)])),
    placesTaken: shift.confirmed_count,
  };
}

describe('the last places of a shift', () => {
  it('go to exactly as many of 500 concurrent sign-ups as there are places; the rest are waitlisted', async () => {
    const event = await createEvent(deps(), hostId, hostId, anEvent({}, 30));
    const [shiftId = 0] = await shiftIdsOf(database.db, event.id);
    // 20 of 30 places taken first: 10 are left.
    for (let i = 0; i < 20; i++)
      await signUp(database.db, { userId: null }, aGuest(event.id, [shiftId], i, 'early'));
    // On PostgreSQL, a pool of 40 connections: 40 transactions at a time wait on the shift's row.
    const racing = database.url
      ? await openDatabase({ databaseUrl: database.url, dataDir: 'unused', maxConnections: 40 })
      : database;
    const results = await Promise.all(
      Array.from({ length: 500 }, (_, i) =>
        signUp(racing.db, { userId: null }, aGuest(event.id, [shiftId], i, 'race')),
      ),
    );
    if (racing !== database) await racing.close();
    const confirmed = results.filter((r) => r.shifts[0]?.status === 'confirmed').length;
    expect(confirmed).toBe(10);
    expect(await counts(shiftId)).toEqual({ confirmed: 30, waitlisted: 490, placesTaken: 30 });
  }, 120_000);

  it('moves the first waitlisted person up when a confirmed one cancels, and frees the place when none waits', async () => {
    const event = await createEvent(deps(), hostId, hostId, anEvent({}, 2));
    const [shiftId = 0] = await shiftIdsOf(database.db, event.id);
    const a = await signUp(database.db, { userId: null }, aGuest(event.id, [shiftId], 1, 'move'));
    await signUp(database.db, { userId: null }, aGuest(event.id, [shiftId], 2, 'move'));
    const c = await signUp(database.db, { userId: null }, aGuest(event.id, [shiftId], 3, 'move'));
    const d = await signUp(database.db, { userId: null }, aGuest(event.id, [shiftId], 4, 'move'));
    expect(c.shifts[0]?.status).toBe('waitlisted');
    expect(d.shifts[0]?.status).toBe('waitlisted');

    const cancelled = await cancelShift(database.db, a.signupId, shiftId);
    const promoted = await database.db
      .selectFrom('event_shift_signups')
      .select(['signup_id', 'status'])
      .where('id', '=', cancelled.promotedId ?? 0)
      .executeTakeFirstOrThrow();
    expect(promoted).toEqual({ signup_id: c.signupId, status: 'confirmed' });
    expect(await counts(shiftId)).toEqual({ confirmed: 2, waitlisted: 1, cancelled: 1, placesTaken: 2 });

    // Twice changes nothing; a waitlisted person leaving frees no place.
    expect((await cancelShift(database.db, a.signupId, shiftId)).promotedId).toBeNull();
    expect((await cancelShift(database.db, d.signupId, shiftId)).promotedId).toBeNull();
    expect(await counts(shiftId)).toEqual({ confirmed: 2, cancelled: 2, placesTaken: 2 });
    // A confirmed person leaving with no one waiting frees the place.
    await cancelShift(database.db, c.signupId, shiftId);
    expect(await counts(shiftId)).toEqual({ confirmed: 1, cancelled: 3, placesTaken: 1 });
  });

  it('refuses the 21st sign-up from one address in ten minutes, with a message, storing nothing', async () => {
    const event = await createEvent(deps(), hostId, hostId, anEvent({}, 50));
    const [shiftId = 0] = await shiftIdsOf(database.db, event.id);
    const from = { userId: null, ip: '203.0.113.77' };
    for (let i = 0; i < 20; i++) await signUp(database.db, from, aGuest(event.id, [shiftId], i, 'burst'));
    await expect(signUp(database.db, from, aGuest(event.id, [shiftId], 20, 'burst'))).rejects.toThrow(
      'Too many sign-ups from your connection. Please wait a few minutes and try again.',
    );
    expect(await counts(shiftId)).toEqual({ confirmed: 20, placesTaken: 20 });
    // Another address is not held back by it.
    await signUp(database.db, { userId: null, ip: '203.0.113.78' }, aGuest(event.id, [shiftId], 21, 'burst'));
  });

  it('refuses a second sign-up with the same email, whatever its case', async () => {
    const event = await createEvent(deps(), hostId, hostId, anEvent());
    const [shiftId = 0] = await shiftIdsOf(database.db, event.id);
    await signUp(database.db, { userId: null }, aGuest(event.id, [shiftId], 1, 'twice'));
    await expect(
      signUp(
        database.db,
        { userId: null },
        {
          ...aGuest(event.id, [shiftId], 1, 'twice'),
          email: 'TWICE1@volunteers.test',
        },
      ),
    ).rejects.toThrow(/already signed up/);
  });

  it('lets someone whose shifts were all cancelled sign up afresh, at the back of the waitlist', async () => {
    const event = await createEvent(deps(), hostId, hostId, anEvent({}, 1));
    const [shiftId = 0] = await shiftIdsOf(database.db, event.id);
    const first = await signUp(database.db, { userId: null }, aGuest(event.id, [shiftId], 1, 'again'));
    const waiting = await signUp(database.db, { userId: null }, aGuest(event.id, [shiftId], 2, 'again'));
    await cancelShift(database.db, first.signupId, shiftId);
    // The place went to the waitlisted person; the first one comes back behind everyone.
    const back = await signUp(database.db, { userId: null }, aGuest(event.id, [shiftId], 1, 'again'));
    expect(back.signupId).not.toBe(first.signupId);
    expect(back.shifts).toEqual([{ shiftId, status: 'waitlisted' }]);
    expect(await counts(shiftId)).toEqual({ confirmed: 1, waitlisted: 1, placesTaken: 1 });
    expect(waiting.shifts[0]?.status).toBe('waitlisted');
  });

  it('adds shifts to a member’s own sign-up, and refuses their email to anyone else', async () => {
    const event = await createEvent(
      deps(),
      hostId,
      hostId,
      anEvent({
        shifts: [
          { day: anEvent().shifts[0]!.day, start: '09:00', end: '10:00', capacity: 5 },
          { day: anEvent().shifts[0]!.day, start: '10:00', end: '11:00', capacity: 5 },
        ],
      }),
    );
    const [a = 0, b = 0] = await shiftIdsOf(database.db, event.id);
    const member = await aMember(database.db, 'individual');
    const mine = { ...aGuest(event.id, [a], 1, 'member'), email: member.email };
    const first = await signUp(database.db, { userId: member.id }, mine);
    const more = await signUp(database.db, { userId: member.id }, { ...mine, shiftIds: [a, b] });
    expect(more.signupId).toBe(first.signupId);
    expect(more.shifts).toEqual([
      { shiftId: a, status: 'confirmed' },
      { shiftId: b, status: 'confirmed' },
    ]);
    expect((await counts(a)).placesTaken).toBe(1);
    await expect(signUp(database.db, { userId: null }, { ...mine, shiftIds: [b] })).rejects.toThrow(
      /already signed up/,
    );
    const other = await aMember(database.db, 'individual');
    await expect(signUp(database.db, { userId: other.id }, { ...mine, shiftIds: [b] })).rejects.toThrow(
      /already signed up/,
    );
  });
});
