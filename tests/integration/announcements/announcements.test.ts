import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { streamSeen } from '../../../api/modules/presence/service';
import type { RealtimeEvent } from '../../../api/ports/realtime';
import { DEMO_PASSWORD } from '../../../api/seed/demo-accounts';
import { generateMembers } from '../../../api/seed/members';
import { upsertUsers } from '../../../api/seed/user-rows';
import { demoAccounts } from '../../factories/accounts';
import { listPath, rest, STAFF_EMAIL, signedIn, userId } from '../../factories/staff';
import { createTestApp, type TestApp, type TestBrowser } from '../../factories/test-app';

/**
 * Staff announcements (notification type 11): one POST reaches every member who can sign in,
 * except those who switched announcements off; online members hear it live; it is audited.
 */
let t: TestApp;
let admin: TestBrowser;
let adminId: number;

beforeAll(async () => {
  t = await createTestApp();
  // Accounts that can sign in, one who opts out, the staff, and generated members who cannot sign in.
  await demoAccounts(t.db, 'admin', 'marketing', 'member', 'candidate');
  for (const batch of generateMembers(5)) await upsertUsers(t.db, batch);
  admin = await signedIn(t, STAFF_EMAIL.SUPER_ADMIN, DEMO_PASSWORD);
  adminId = await userId(t, STAFF_EMAIL.SUPER_ADMIN);
});
afterAll(() => t?.close());

const announcementsOf = (userId: number) =>
  t.db
    .selectFrom('notifications')
    .select(['message', 'route', 'type'])
    .where('user_id', '=', userId)
    .where('type', '=', 11)
    .execute();

describe('announcements', () => {
  it('reach every member who can sign in, skip those who opted out, and are audited', async () => {
    const memberId = await userId(t, 'member@demo.campaignhq.test');
    const optedOutId = await userId(t, 'candidate@demo.campaignhq.test');
    await t.db
      .insertInto('notification_preferences')
      .values({ user_id: optedOutId, notification_type: 11, enabled: false, updated_at: new Date() })
      .execute();
    const generated = await t.db
      .selectFrom('users')
      .select('id')
      .where('password_hash', 'is', null)
      .executeTakeFirstOrThrow();

    // The member is online: their stream in this process hears about it at once.
    const heard: RealtimeEvent[] = [];
    await streamSeen(t.db, memberId);
    const stop = t.realtime.subscribe(memberId, (event) => heard.push(event));

    const sent = await rest(admin, 'POST', '/announcements', {
      message: 'Early voting starts Monday: find your polling place.',
      route: '/faq',
    });
    expect(sent.status).toBe(201);
    // Published after commit; on PostgreSQL it comes back through LISTEN/NOTIFY, a moment later.
    await vi.waitFor(() => expect(heard.map((e) => e.event)).toContain('notification'), { timeout: 5_000 });
    stop();
    const accounts = await t.db
      .selectFrom('users')
      .select(t.db.fn.countAll<number>().as('n'))
      .where('password_hash', 'is not', null)
      .where('deleted_at', 'is', null)
      .where('blocked_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(sent.json).toMatchObject({
      message: 'Early voting starts Monday: find your polling place.',
      route: '/faq',
      recipients: Number(accounts.n) - 1,
    });
    expect(await announcementsOf(memberId)).toEqual([
      { message: 'Early voting starts Monday: find your polling place.', route: '/faq', type: 11 },
    ]);
    expect(await announcementsOf(optedOutId)).toEqual([]);
    expect(await announcementsOf(generated.id)).toEqual([]);

    const audit = await t.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('action', '=', 'announcement.send')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_id: adminId, target_type: 'announcement' });

    const history = await rest(admin, 'GET', listPath('announcements'));
    expect((history.json as { message: string; sent_by_name: string }[])[0]).toMatchObject({
      message: 'Early voting starts Monday: find your polling place.',
      sent_by_name: expect.any(String),
    });
  });

  it('refuse an empty or over-long message and a link off the site, sending nothing', async () => {
    const before = await t.db
      .selectFrom('notifications')
      .select(t.db.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    const empty = await rest(admin, 'POST', '/announcements', { message: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.json).toMatchObject({ errors: { message: 'Write the announcement.' } });
    const long = await rest(admin, 'POST', '/announcements', { message: 'x'.repeat(281) });
    expect(long.json).toMatchObject({ errors: { message: 'Announcements can be at most 280 characters.' } });
    for (const route of ['https://evil.example', '//evil.example', 'javascript:alert(1)']) {
      const offSite = await rest(admin, 'POST', '/announcements', { message: 'Hello', route });
      expect(offSite.status, route).toBe(400);
      expect(offSite.json).toMatchObject({
        errors: { route: 'Use a path on this site, such as /membership.' },
      });
    }
    const after = await t.db
      .selectFrom('notifications')
      .select(t.db.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    expect(Number(after?.n)).toBe(Number(before?.n));
  });

  it('are for staff who manage features only', async () => {
    const marketing = await signedIn(t, STAFF_EMAIL.MARKETING, DEMO_PASSWORD);
    expect((await rest(marketing, 'POST', '/announcements', { message: 'Hi all' })).status).toBe(403);
  });
});
