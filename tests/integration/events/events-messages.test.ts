import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_MESSAGES_CRON, registerEventMessages } from '../../../api/doors/queue-handlers/event-messages';
import { createEvent } from '../../../api/modules/events/hosting';
import { EVENT_MESSAGES_QUEUE } from '../../../api/modules/events/message-queue';
import { sendDueEventMessages } from '../../../api/modules/events/reminders';
import { cancelShift, signUp } from '../../../api/modules/events/signups';
import { outboxEmail } from '../../../api/ports/email/outbox';
import { aGuest, aMember, anEvent, shiftIdsOf } from '../../factories/events';
import { dayFromToday } from '../../factories/job-board';
import { waitUntil } from '../../factories/queue';
import { createTestApp, type TestApp } from '../../factories/test-app';

/**
 * Every sign-up gets exactly one confirmation and one of each reminder (decision 0092), also when
 * the run dies between sending a message and marking it: the test counts the outbox's messages per
 * sign-up and kind. A waitlisted person moved up is told once; the thank-you lists events nearby.
 */
let t: TestApp;
let hostId: number;
const email = outboxEmail();
const HOUR = 3_600_000;
const links = () => ({ appUrl: t.config.appUrl, appSecret: t.config.appSecret });
const deps = () => ({ db: t.db, email, links: links() });

beforeAll(async () => {
  t = await createTestApp();
  hostId = (await aMember(t.db, 'organization')).id;
}, 120_000);
afterAll(() => t?.close());

/** Messages in the outbox per key (event-signup:<id>:<kind> / event-shift-signup:<id>:<kind>). */
async function messagesByKey(prefix: string) {
  const rows = await t.db
    .selectFrom('email_outbox')
    .select(['idempotency_key', 'to_address', 'text_body'])
    .where('idempotency_key', 'like', `${prefix}%`)
    .execute();
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.idempotency_key ?? '', (counts.get(r.idempotency_key ?? '') ?? 0) + 1);
  return { rows, counts };
}

/** A run that dies after handing over its `nth` message, before marking it (as a killed worker would). */
async function crashingRun(now: Date, nth: number) {
  let handed = 0;
  await expect(
    sendDueEventMessages(deps(), now, {
      afterSend: () => {
        handed++;
        if (handed === nth) throw new Error('worker killed');
      },
    }),
  ).rejects.toThrow('worker killed');
}

describe('sign-up messages', () => {
  it('sends one confirmation, one move-up, one of each reminder and one thank-you per sign-up, across crashes', async () => {
    const start = dayFromToday(3);
    const event = await createEvent(
      { db: t.db, email, appUrl: t.config.appUrl },
      hostId,
      hostId,
      anEvent({
        title: 'Reminder canvass',
        virtualUrl: 'https://meet.example.test/r',
        shifts: [{ day: start, start: '10:00', end: '13:00', capacity: 4 }],
      }),
    );
    // Three events nearby for the thank-you, a week later.
    for (const title of ['Next canvass A', 'Next canvass B', 'Next canvass C']) {
      await createEvent(
        { db: t.db, email, appUrl: '' },
        hostId,
        hostId,
        anEvent({ title, shifts: [{ day: dayFromToday(10), start: '10:00', end: '12:00', capacity: 5 }] }),
      );
    }
    const [shiftId = 0] = await shiftIdsOf(t.db, event.id);
    const signups = [];
    for (let i = 0; i < 6; i++)
      signups.push(await signUp(t.db, { userId: null }, aGuest(event.id, [shiftId], i, 'remind')));
    const shift = await t.db
      .selectFrom('event_shifts')
      .select(['starts_at', 'ends_at'])
      .where('id', '=', shiftId)
      .executeTakeFirstOrThrow();
    const startsAt = new Date(shift.starts_at).getTime();
    const endsAt = new Date(shift.ends_at).getTime();

    // Confirmations: one run dies after its 3rd message; the next sends the rest, none twice.
    const now = new Date();
    await crashingRun(now, 3);
    await sendDueEventMessages(deps(), now);
    await sendDueEventMessages(deps(), now);
    // The first confirmed person cancels: the first waitlisted (the 5th) moves up and is told once.
    const moved = await cancelShift(t.db, signups[0]!.signupId, shiftId);
    expect(moved.promotedId).not.toBeNull();
    await crashingRun(now, 1);
    await sendDueEventMessages(deps(), now);

    // 24 hours before, then 2 hours before: each run dies once mid-way and is run again.
    const dayBefore = new Date(startsAt - 23 * HOUR);
    await crashingRun(dayBefore, 2);
    await sendDueEventMessages(deps(), dayBefore);
    await sendDueEventMessages(deps(), new Date(startsAt - 3 * HOUR));
    const hoursBefore = new Date(startsAt - 90 * 60_000);
    await crashingRun(hoursBefore, 4);
    await sendDueEventMessages(deps(), hoursBefore);
    await sendDueEventMessages(deps(), new Date(startsAt - 10 * 60_000));
    // After the event.
    const after = new Date(endsAt + HOUR);
    await crashingRun(after, 1);
    await sendDueEventMessages(deps(), after);
    await sendDueEventMessages(deps(), after);

    const per = await messagesByKey('event-');
    const ids = signups.map((s) => s.signupId);
    const shiftSignups = await t.db
      .selectFrom('event_shift_signups')
      .select(['id', 'signup_id', 'status'])
      .where('shift_id', '=', shiftId)
      .orderBy('signup_id')
      .execute();
    const shiftSignupOf = (signupId: number) => shiftSignups.find((s) => s.signup_id === signupId)!.id;
    // Nobody ever got two of the same message.
    expect([...per.counts.values()].filter((n) => n !== 1)).toEqual([]);
    for (const id of ids)
      expect(per.counts.get(`event-signup:${id}:confirmation`), `confirmation ${id}`).toBe(1);
    // Confirmed at the end: signups 1, 2, 3 and 4 (moved up); 0 cancelled, 5 still waitlisted.
    const confirmed = [ids[1]!, ids[2]!, ids[3]!, ids[4]!];
    for (const id of confirmed) {
      expect(per.counts.get(`event-shift-signup:${shiftSignupOf(id)}:day`), `day ${id}`).toBe(1);
      expect(per.counts.get(`event-shift-signup:${shiftSignupOf(id)}:hours`), `hours ${id}`).toBe(1);
      expect(per.counts.get(`event-signup:${id}:thanks`), `thanks ${id}`).toBe(1);
    }
    for (const id of [ids[0]!, ids[5]!]) {
      expect(per.counts.get(`event-shift-signup:${shiftSignupOf(id)}:day`)).toBeUndefined();
      expect(per.counts.get(`event-signup:${id}:thanks`)).toBeUndefined();
    }
    expect(per.counts.get(`event-shift-signup:${shiftSignupOf(ids[4]!)}:moved-up`)).toBe(1);
    expect([...per.counts.keys()].filter((k) => k.endsWith(':moved-up'))).toHaveLength(1);

    // What they say: the time in the event's zone, the link only with a place, the signed link, nearby events.
    const body = (key: string) => per.rows.find((r) => r.idempotency_key === key)?.text_body ?? '';
    const waitlistedConfirmation = body(`event-signup:${ids[5]}:confirmation`);
    expect(waitlistedConfirmation).toContain('on the waitlist');
    expect(waitlistedConfirmation).not.toContain('meet.example.test');
    expect(waitlistedConfirmation).toMatch(/\/events\/signups\/\d+\.[A-Za-z0-9_-]{43}/);
    expect(body(`event-shift-signup:${shiftSignupOf(ids[1]!)}:hours`)).toMatch(/10:00 AM E[SD]T/);
    expect(body(`event-shift-signup:${shiftSignupOf(ids[1]!)}:hours`)).toContain(
      'https://meet.example.test/r',
    );
    const thanks = body(`event-signup:${ids[1]}:thanks`);
    for (const title of ['Next canvass A', 'Next canvass B', 'Next canvass C'])
      expect(thanks).toContain(title);
  }, 60_000);

  it('runs on the queue every minute, and a sign-up is confirmed by the queued run', async () => {
    await t.jobs.start();
    await registerEventMessages(t.jobs, { db: t.db, email, links: links() }, 0.5);
    expect(await t.jobs.schedules()).toContainEqual({
      queue: EVENT_MESSAGES_QUEUE,
      cron: EVENT_MESSAGES_CRON,
    });
    const event = await createEvent({ db: t.db, email, appUrl: '' }, hostId, hostId, anEvent());
    const [shiftId = 0] = await shiftIdsOf(t.db, event.id);
    const { signupId } = await signUp(t.db, { userId: null }, aGuest(event.id, [shiftId], 1, 'queued'));
    await t.jobs.send(EVENT_MESSAGES_QUEUE, {});
    await waitUntil(
      async () => (await messagesByKey(`event-signup:${signupId}:confirmation`)).rows.length,
      (n) => n === 1,
    );
  });
});
