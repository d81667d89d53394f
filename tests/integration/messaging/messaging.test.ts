import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../factories/accounts';
import { signedIn, userId } from '../../factories/staff';
import { createTestApp, type TestApp, TestBrowser } from '../../factories/test-app';

/**
 * Messaging and notifications through the real app: a member only ever reads, marks and listens
 * to their own; blocks stop messages both ways; a retried send is stored once; the unread counter
 * is exact under concurrent sends.
 */
let t: TestApp;
let a: TestBrowser;
let b: TestBrowser;
let c: TestBrowser;
let idA: number;
let idB: number;
let idC: number;

async function call<T = unknown>(browser: TestBrowser, path: string, input?: unknown) {
  const res = await browser.trpc(path, input);
  const body = (await res.json()) as {
    result?: { data: { json: T } };
    error?: { json: { message: string } };
  };
  return { status: res.status, data: body.result?.data.json as T, error: body.error?.json.message };
}

let sent = 0;
const send = (from: TestBrowser, to: number, body = 'Hello there', clientId = `c${++sent}`) =>
  call<{ message: { id: number }; duplicate: boolean }>(from, 'messaging.send', { to, body, clientId });
const unread = async (browser: TestBrowser) => (await call<number>(browser, 'messaging.unreadCount')).data;

beforeAll(async () => {
  t = await createTestApp();
  await demoAccounts(t.db, 'member', 'candidate', 'organization');
  idA = await userId(t, 'member@demo.campaignhq.test');
  idB = await userId(t, 'candidate@demo.campaignhq.test');
  idC = await userId(t, 'organization@demo.campaignhq.test');
  a = await signedIn(t, 'member@demo.campaignhq.test');
  b = await signedIn(t, 'candidate@demo.campaignhq.test');
  c = await signedIn(t, 'organization@demo.campaignhq.test');
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('notifications', () => {
  it('are created by a sign-in, a message and a follow, and read only by their owner', async () => {
    expect((await send(a, idB)).status).toBe(200);
    expect((await call(a, 'profiles.follow', { userId: idB })).status).toBe(200);
    const mine = await call<{ id: number; type: number; isread: boolean; route: string; message: string }[]>(
      b,
      'notifications.getNotifications',
      { userid: idB },
    );
    expect(mine.status).toBe(200);
    // B's own sign-in in beforeAll (type 8), A's message (1), A's follow (2).
    expect(mine.data.map((n) => n.type).sort()).toEqual([1, 2, 8]);
    const signInNotice = mine.data.find((n) => n.type === 8)!;
    expect(signInNotice.route).toBe('/settings');
    expect(signInNotice.message).toMatch(/^New sign-in to your account from /);
    expect(mine.data.every((n) => !n.isread)).toBe(true);

    expect((await call(a, 'notifications.getNotifications', { userid: idB })).status).toBe(403);
    expect((await call(a, 'notifications.markAllAsRead', { userid: idB })).status).toBe(403);
    const first = mine.data[0]!;
    expect((await call(a, 'notifications.markAsRead', { notificationId: first.id })).status).toBe(403);
    const still = await call<{ isread: boolean }[]>(b, 'notifications.getNotifications', { userid: idB });
    expect(still.data.every((n) => !n.isread)).toBe(true);

    expect((await call(b, 'notifications.markAsRead', { notificationId: first.id })).status).toBe(200);
    const after = await call<{ id: number; isread: boolean }[]>(b, 'notifications.getNotifications', {
      userid: idB,
    });
    expect(after.data.find((n) => n.id === first.id)?.isread).toBe(true);
    expect((await call(b, 'notifications.markAllAsRead', { userid: idB })).status).toBe(200);
    const all = await call<{ isread: boolean }[]>(b, 'notifications.getNotifications', { userid: idB });
    expect(all.data.every((n) => n.isread)).toBe(true);
  });

  it('skip the sign-in notice for a member who switched type 8 off', async () => {
    const count = async () =>
      (await call<{ type: number }[]>(c, 'notifications.getNotifications', { userid: idC })).data.filter(
        (n) => n.type === 8,
      ).length;
    const before = await count();
    expect(before).toBeGreaterThanOrEqual(1);
    expect((await call(c, 'settings.setNotificationPreferences', { '8': false })).status).toBe(200);
    await signedIn(t, 'organization@demo.campaignhq.test');
    expect(await count()).toBe(before);
    expect((await call(c, 'settings.setNotificationPreferences', { '8': true })).status).toBe(200);
    await signedIn(t, 'organization@demo.campaignhq.test');
    expect(await count()).toBe(before + 1);
  });

  it('refuse visitors', async () => {
    const visitor = new TestBrowser(t);
    expect((await call(visitor, 'notifications.getNotifications', { userid: 0 })).status).toBe(401);
  });
});

describe('messages', () => {
  it('are visible only to the two members of the conversation', async () => {
    await send(a, idB, 'For B only');
    const third = await call<{ messages: { body: string }[] }>(c, 'messaging.thread', { with: idA });
    expect(third.data.messages.map((m) => m.body)).not.toContain('For B only');
    const before = await unread(b);
    expect((await call(c, 'messaging.markRead', { with: idA })).data).toEqual({ read: 0 });
    expect(await unread(b)).toBe(before);
    const own = await call<{ messages: { body: string }[] }>(b, 'messaging.thread', { with: idA });
    expect(own.data.messages[0]?.body).toBe('For B only');
  });

  it('stores a retried send once', async () => {
    const before = await unread(b);
    const first = await send(a, idB, 'Retry me', 'same-client-id');
    const again = await send(a, idB, 'Retry me', 'same-client-id');
    expect(first.data.duplicate).toBe(false);
    expect(again.data).toMatchObject({ duplicate: true, message: { id: first.data.message.id } });
    const rows = await t.db
      .selectFrom('messages')
      .select('id')
      .where('client_id', '=', 'same-client-id')
      .execute();
    expect(rows).toHaveLength(1);
    expect(await unread(b)).toBe(before + 1);
  });

  it('keeps the unread counter exact under concurrent sends, and marks a thread read', async () => {
    await call(b, 'messaging.markRead', { with: idA });
    expect(await unread(b)).toBe(0);
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => send(c, idB, `burst ${i}`)));
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    // The same client id sent concurrently is still one message.
    await Promise.all(Array.from({ length: 4 }, () => send(c, idB, 'once', 'concurrent-id')));
    expect(await unread(b)).toBe(9);
    expect((await call(b, 'messaging.markRead', { with: idC })).data).toEqual({ read: 9 });
    expect(await unread(b)).toBe(0);
    const thread = await call<{ messages: { readAt: string | null }[] }>(c, 'messaging.thread', {
      with: idB,
    });
    expect(thread.data.messages.every((m) => m.readAt !== null)).toBe(true);
  });

  it('refuses more than 2,000 characters with a clear error', async () => {
    const res = await send(a, idB, 'x'.repeat(2001));
    expect(res.status).toBe(400);
    const raw = await a.trpc('messaging.send', { to: idB, body: 'x'.repeat(2001), clientId: 'long' });
    expect(JSON.stringify(await raw.json())).toContain('at most 2,000 characters');
  });

  it('stops messages both ways once either member blocks', async () => {
    expect((await call(b, 'messaging.block', { userId: idA })).status).toBe(200);
    expect((await send(a, idB)).status).toBe(403);
    expect((await send(b, idA)).status).toBe(403);
    expect((await call(b, 'messaging.unblock', { userId: idA })).status).toBe(200);
    expect((await send(a, idB)).status).toBe(200);
  });

  it('lets the recipient report a message as a red flag, and nobody else', async () => {
    const { data } = await send(a, idB, 'Something to report');
    const id = data.message.id;
    expect((await call(c, 'messaging.report', { messageId: id, reason: 'spam' })).status).toBe(404);
    expect((await call(b, 'messaging.report', { messageId: id, reason: 'spam' })).status).toBe(200);
    const flags = await t.db
      .selectFrom('red_flags')
      .selectAll()
      .where('target_type', '=', 'message')
      .execute();
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({ reporter_id: idB, target_id: String(id), status: 'open' });
  });

  it('lists conversations with the last message and unread count', async () => {
    const list = await call<{ member: { id: number }; lastMessage: string; unread: number }[]>(
      b,
      'messaging.conversations',
    );
    const withA = list.data.find((x) => x.member.id === idA);
    expect(withA?.lastMessage).toBe('Something to report');
    expect(withA?.unread).toBeGreaterThan(0);
  });
});
