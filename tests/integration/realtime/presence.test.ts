import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onlineAmong, streamSeen } from '../../../api/modules/presence/service';
import { DEMO_PASSWORD } from '../../../api/seed/demo-accounts';
import { demoAccounts } from '../../factories/accounts';
import { createTestApp, type TestApp, TestBrowser } from '../../factories/test-app';

/** 'onlineStatus' of the local realtime adapter: online while any process holds a live stream. */
let t: TestApp;
const idOf = async (email: string) =>
  (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  t = await createTestApp();
  await demoAccounts(t.db, 'finance', 'member', 'candidate');
}, 120_000);
afterAll(() => t.close());

describe('presence', () => {
  it('counts a user online while any process saw a stream within a minute', async () => {
    const id = await idOf('finance@demo.campaignhq.test');
    expect(await onlineAmong(t.db, [id])).toEqual([]);
    await streamSeen(t.db, id, 'process-a');
    await streamSeen(t.db, id, 'process-b');
    expect(await onlineAmong(t.db, [id])).toEqual([id]);
    // Process A stopped heartbeating two minutes ago; B still counts.
    const ageOut = (instance: string) =>
      t.db
        .updateTable('online_presence')
        .set({ seen_at: new Date(Date.now() - 120_000) })
        .where('instance_id', '=', instance)
        .execute();
    await ageOut('process-a');
    expect(await onlineAmong(t.db, [id])).toEqual([id]);
    await ageOut('process-b');
    expect(await onlineAmong(t.db, [id])).toEqual([]);
  });

  it('shows a member online once their SSE stream opens, and offline when no heartbeat refreshed it', async () => {
    const watcher = new TestBrowser(t);
    await watcher.signIn('member@demo.campaignhq.test', DEMO_PASSWORD);
    const member = new TestBrowser(t);
    await member.signIn('candidate@demo.campaignhq.test', DEMO_PASSWORD);
    const id = await idOf('candidate@demo.campaignhq.test');
    const onlineNow = async () => {
      const res = await watcher.trpc('messaging.onlineStatus', { userIds: [id] });
      return ((await res.json()) as { result: { data: { json: { online: number[] } } } }).result.data.json
        .online;
    };
    expect(await onlineNow()).toEqual([]);

    const controller = new AbortController();
    const res = await member.request('/api/realtime', { signal: controller.signal });
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain('event: ready');
    expect(await onlineNow()).toEqual([id]);

    controller.abort();
    await reader.cancel().catch(() => {});
    // A closed stream sends no more heartbeats: a minute later the member is offline.
    await t.db
      .updateTable('online_presence')
      .set({ seen_at: new Date(Date.now() - 120_000) })
      .where('user_id', '=', id)
      .execute();
    expect(await onlineNow()).toEqual([]);
  });

  it('refuses visitors', async () => {
    expect((await new TestBrowser(t).trpc('messaging.onlineStatus', { userIds: [1] })).status).toBe(401);
  });
});
