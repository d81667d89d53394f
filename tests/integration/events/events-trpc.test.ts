import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerEventMessages } from '../../../api/doors/queue-handlers/event-messages';
import { outboxEmail } from '../../../api/ports/email/outbox';
import { aMember, anEvent, browserOf, shiftIdsOf } from '../../factories/events';
import { waitUntil } from '../../factories/queue';
import { createTestApp, type TestApp, TestBrowser } from '../../factories/test-app';

/**
 * The events procedures (api/doors/trpc/routers/events.ts) keep the pages' rules: a guest signs up,
 * bad input is a 400 with field errors, a member cancels only their own sign-up and decides only
 * proposals made to them, a private event is found only with its key, and the key is never answered.
 */
let t: TestApp;
let host: TestBrowser;
let hostId: number;

type Body<T> = {
  result?: { data: { json: T } };
  error?: { json: { message: string; data?: { code: string } } };
};
async function call<T = unknown>(browser: TestBrowser, path: string, input?: unknown) {
  const res = await browser.trpc(path, input);
  const body = (await res.json()) as Body<T>;
  return { status: res.status, data: body.result?.data.json as T, error: body.error?.json.message };
}

beforeAll(async () => {
  t = await createTestApp();
  const made = await aMember(t.db, 'organization');
  hostId = made.id;
  host = await browserOf(t, made);
}, 120_000);
afterAll(() => t?.close());

describe('events procedures', () => {
  it('wake the messages’ queue on a sign-up: the confirmation leaves without waiting for the minute', async () => {
    await t.jobs.start();
    await registerEventMessages(
      t.jobs,
      { db: t.db, email: outboxEmail(), links: { appUrl: t.config.appUrl, appSecret: t.config.appSecret } },
      0.5,
    );
    const created = await call<{ id: number }>(host, 'events.create', { event: anEvent({ title: 'Woken' }) });
    const [shiftId = 0] = await shiftIdsOf(t.db, created.data.id);
    const signed = await call<{ signupId: number }>(new TestBrowser(t), 'events.signUp', {
      eventId: created.data.id,
      shiftIds: [shiftId],
      name: 'Wake Guest',
      email: 'wake@guests.test',
      zip: '15213',
      smsConsent: false,
    });
    await waitUntil(
      () =>
        t.db
          .selectFrom('email_outbox')
          .select('id')
          .where('idempotency_key', '=', `event-signup:${signed.data.signupId}:confirmation`)
          .execute(),
      (rows) => rows.length === 1,
      10_000,
    );
  });

  it('create, find, sign a guest up and let only the member who signed up cancel', async () => {
    const created = await call<{ id: number; status: string }>(host, 'events.create', { event: anEvent() });
    expect(created).toMatchObject({ status: 200, data: { status: 'published' } });
    const eventId = created.data.id;
    const [shiftId = 0] = await shiftIdsOf(t.db, eventId);
    const found = await call<{ events: { id: number }[] }>(new TestBrowser(t), 'events.search', {
      zip: '15217',
    });
    expect(found.data.events.map((e) => e.id)).toContain(eventId);

    const guest = await call<{ signupId: number }>(new TestBrowser(t), 'events.signUp', {
      eventId,
      shiftIds: [shiftId],
      name: 'Trpc Guest',
      email: 'trpc-guest@guests.test',
      zip: '15213',
      smsConsent: false,
    });
    expect(guest.status).toBe(200);
    const bad = await call(new TestBrowser(t), 'events.signUp', {
      eventId,
      shiftIds: [],
      name: '',
      email: 'x',
      zip: '1',
    });
    expect(bad.status).toBe(400);

    const member = await aMember(t.db, 'individual');
    const memberBrowser = await browserOf(t, member);
    const mine = await call<{ signupId: number }>(memberBrowser, 'events.signUp', {
      eventId,
      shiftIds: [shiftId],
      name: 'Robin Member',
      email: member.email,
      zip: '15213',
      smsConsent: true,
    });
    expect((await call<unknown[]>(memberBrowser, 'events.mine')).data).toHaveLength(1);
    // The guest's sign-up is not the member's to cancel; their own is.
    expect(
      (await call(memberBrowser, 'events.cancel', { signupId: guest.data.signupId, shiftId })).status,
    ).toBe(404);
    expect(
      (await call(memberBrowser, 'events.cancel', { signupId: mine.data.signupId, shiftId })).status,
    ).toBe(200);
  });

  it('let only the host decide a proposal, and never answer a private event’s key', async () => {
    const member = await browserOf(t, await aMember(t.db, 'individual'));
    const proposal = await call<{ id: number; status: string }>(member, 'events.create', {
      hostId,
      event: anEvent({ title: 'Member proposal' }),
    });
    expect(proposal.data.status).toBe('proposed');
    expect(
      (await call(member, 'events.decide', { eventId: proposal.data.id, decision: 'approve' })).status,
    ).toBe(404);
    expect(
      (await call(host, 'events.decide', { eventId: proposal.data.id, decision: 'approve' })).status,
    ).toBe(200);
    const hosting = await call<{ hosted: { id: number; status: string }[] }>(host, 'events.hosting');
    expect(hosting.data.hosted.find((e) => e.id === proposal.data.id)?.status).toBe('published');

    const secret = await call<{ id: number }>(host, 'events.create', {
      event: anEvent({ visibility: 'private' }),
    });
    expect((await call(new TestBrowser(t), 'events.event', { eventId: secret.data.id })).status).toBe(404);
    const key = (
      await t.db
        .selectFrom('events')
        .select('share_key')
        .where('id', '=', secret.data.id)
        .executeTakeFirstOrThrow()
    ).share_key;
    const seen = await call<{ shareKey: string | null }>(new TestBrowser(t), 'events.event', {
      eventId: secret.data.id,
      key,
    });
    expect(seen.status).toBe(200);
    expect(seen.data.shareKey).toBeNull();
    expect(
      (await call<{ shareKey: string | null }>(host, 'events.event', { eventId: secret.data.id })).data
        .shareKey,
    ).toBeNull();
  });
});
