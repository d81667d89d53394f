import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../api/seed/demo-accounts';
import { demoAccounts } from '../../factories/accounts';
import { waitUntil } from '../../factories/queue';
import { rest, STAFF_EMAIL, signedIn, userId } from '../../factories/staff';
import { createTestApp, type TestApp, TestBrowser } from '../../factories/test-app';

/** Console writes: each leaves an audit row in the same transaction, and blocks take effect at once. */
let t: TestApp;
let admin: TestBrowser;
let adminId: number;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
  await demoAccounts(t.db, 'member', 'admin', 'security', 'analytics');
  admin = await signedIn(t, STAFF_EMAIL.SUPER_ADMIN, DEMO_PASSWORD, { 'x-forwarded-for': '192.0.2.50' });
  adminId = await userId(t, STAFF_EMAIL.SUPER_ADMIN);
});
afterAll(() => t.close());

async function lastAudit() {
  return t.db.selectFrom('audit_logs').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
}

describe('coupons', () => {
  it('creates, refuses a code that differs only in case, edits and expires, auditing each write', async () => {
    const created = await rest(admin, 'POST', '/coupons', { code: 'Rally20', kind: 'percent', amount: 20 });
    expect(created.status).toBe(201);
    const id = (created.json as { id: number }).id;
    expect(created.json).toMatchObject({ code: 'Rally20', state: 'active', min_subtotal_cents: 0 });
    expect(await lastAudit()).toMatchObject({
      actor_id: adminId,
      action: 'coupon.create',
      target_type: 'coupon',
      target_id: String(id),
      ip: '192.0.2.50',
    });

    const clash = await rest(admin, 'POST', '/coupons', { code: 'RALLY20', kind: 'fixed', amount: 500 });
    expect(clash.status).toBe(400);
    expect(clash.json).toMatchObject({ errors: { code: expect.stringContaining('already exists') } });

    const tooMuch = await rest(admin, 'PUT', `/coupons/${id}`, { amount: 150 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.json).toMatchObject({ errors: { amount: 'A percentage is at most 100.' } });

    const edited = await rest(admin, 'PUT', `/coupons/${id}`, {
      amount: 25,
      max_redemptions: 50,
      id,
      state: 'x',
    });
    expect(edited.json).toMatchObject({ amount: 25, max_redemptions: 50 });
    const edit = await lastAudit();
    expect(edit).toMatchObject({ action: 'coupon.update', target_id: String(id) });
    expect(edit.before).toMatchObject({ amount: 20 });
    expect(edit.after).toMatchObject({ amount: 25 });

    const expired = await rest(admin, 'PUT', `/coupons/${id}`, { expire: true });
    expect(expired.json).toMatchObject({ state: 'expired', active: false });
    expect(await lastAudit()).toMatchObject({ action: 'coupon.expire', target_id: String(id) });
  });
});

describe('red flags', () => {
  it('resolves a report only with the action taken, and records the reviewer', async () => {
    const flag = await t.db
      .insertInto('red_flags')
      .values({ reporter_id: null, target_type: 'post', target_id: '42', reason: 'spam', details: 'Links' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const missing = await rest(admin, 'PUT', `/red-flags/${flag.id}`, { status: 'resolved' });
    expect(missing.status).toBe(400);
    const done = await rest(admin, 'PUT', `/red-flags/${flag.id}`, {
      status: 'resolved',
      action_taken: 'Post removed',
    });
    expect(done.status).toBe(200);
    expect(done.json).toMatchObject({
      status: 'resolved',
      reviewer_id: adminId,
      action_taken: 'Post removed',
    });
    expect(await lastAudit()).toMatchObject({ action: 'red_flag.resolve', target_id: String(flag.id) });
  });
});

describe('feature toggles and health checks', () => {
  it('switches a toggle through REST, audited, and the site sees it', async () => {
    const off = await rest(admin, 'PUT', '/feature-toggles/campaign-donations', { enabled: false });
    expect(off.json).toMatchObject({ id: 'campaign-donations', enabled: false });
    expect(await lastAudit()).toMatchObject({
      action: 'feature_toggle.set',
      target_id: 'campaign-donations',
    });
    const access = await new TestBrowser(t).trpc('featureToggle.getFeatureAccess', {
      featureName: 'campaign-donations',
    });
    expect(((await access.json()) as { result: { data: { json: unknown } } }).result.data.json).toEqual({
      enabled: false,
    });
    await rest(admin, 'PUT', '/feature-toggles/campaign-donations', { enabled: true });
  });

  it('runs the health checks against the real ports and keeps the run', async () => {
    const run = await rest(admin, 'POST', '/health-checks', {});
    expect(run.status).toBe(201);
    const body = run.json as { status: string; results: { name: string; status: string; message: string }[] };
    expect(Object.fromEntries(body.results.map((r) => [r.name, r.status]))).toEqual({
      database: 'pass',
      migrations: 'pass',
      email: 'pass',
      payments: 'pass',
      realtime: 'pass',
      jobs: 'pass',
    });
    expect(body.status).toBe('pass');
    expect(body.results.find((r) => r.name === 'payments')?.message).toMatch(
      /^Local test gateway: unsigned webhooks refused/,
    );
    expect(await lastAudit()).toMatchObject({ action: 'health_checks.run' });
    const history = await rest(admin, 'GET', '/health-checks');
    expect(history.headers.get('content-range')).toBe('health-checks 0-0/1');
  });

  it('reports a background job that failed after its retries as a failing check', async () => {
    await t.jobs.defineQueue('health-probe', { retryLimit: 0 });
    await t.jobs.work('health-probe', async () => {
      throw new Error('probe failure');
    });
    await t.jobs.send('health-probe', {});
    await waitUntil(
      () => t.jobs.listJobs({ states: ['failed'], offset: 0, limit: 1 }),
      (page) => page.total === 1,
    );
    const run = await rest(admin, 'POST', '/health-checks', {});
    const body = run.json as { status: string; results: { name: string; status: string; message: string }[] };
    expect(body.status).toBe('fail');
    expect(body.results.find((r) => r.name === 'jobs')).toMatchObject({
      status: 'fail',
      message: '1 background job failed after their retries.',
    });
  });
});

describe('blocking', () => {
  it('blocks an account: its sessions end at once and it is refused at sign-in; unblock restores it', async () => {
    const member = await signedIn(t, 'member@demo.campaignhq.test');
    const memberId = await userId(t, 'member@demo.campaignhq.test');
    expect((await member.trpc('admins.getAdminUserInfo')).status).toBe(200);

    const blocked = await rest(admin, 'POST', '/user-blocks', { user_id: memberId, reason: 'Spam messages' });
    expect(blocked.status).toBe(201);
    expect(await lastAudit()).toMatchObject({ action: 'user.block', target_id: String(memberId) });
    const sessions = await t.db.selectFrom('sessions').select('id').where('user_id', '=', memberId).execute();
    expect(sessions).toEqual([]);
    expect((await member.trpc('admins.getAdminUserInfo')).status).toBe(401);

    const retry = await new TestBrowser(t).signIn('member@demo.campaignhq.test', DEMO_PASSWORD);
    expect(retry.status).toBe(403);
    expect(await retry.json()).toEqual({ url: '/blocked' });

    const listed = await rest(admin, 'GET', '/user-blocks');
    expect((listed.json as { id: number }[]).map((r) => r.id)).toContain(memberId);

    expect((await rest(admin, 'DELETE', `/user-blocks/${memberId}`)).status).toBe(200);
    expect(await lastAudit()).toMatchObject({ action: 'user.unblock', target_id: String(memberId) });
    expect((await new TestBrowser(t).signIn('member@demo.campaignhq.test', DEMO_PASSWORD)).status).toBe(200);
  });

  it('refuses to block oneself, or a colleague who holds more', async () => {
    const self = await rest(admin, 'POST', '/user-blocks', { user_id: adminId, reason: 'Testing myself' });
    expect(self.status).toBe(403);
    const security = await signedIn(t, STAFF_EMAIL.SECURITY);
    const up = await rest(security, 'POST', '/user-blocks', { user_id: adminId, reason: 'Coup attempt' });
    expect(up.status).toBe(403);
    expect(up.json).toMatchObject({ message: expect.stringContaining('holds permissions you do not') });
    // ANALYTICS holds VIEW_ANALYTICS, which SECURITY does not: also out of reach.
    const analyticsId = await userId(t, STAFF_EMAIL.ANALYTICS);
    const peer = await rest(security, 'POST', '/user-blocks', {
      user_id: analyticsId,
      reason: 'Not a superior',
    });
    expect(peer.status).toBe(403);
  });

  it('blocks an IP address at once and unblocks it; never the address in use', async () => {
    const visitor = new TestBrowser(t, { 'x-forwarded-for': '192.0.2.10' });
    expect((await visitor.request('/api/auth/session')).status).toBe(200);
    const block = await rest(admin, 'POST', '/ip-blocks', { ip: '192.0.2.10', reason: 'Scraping profiles' });
    expect(block.status).toBe(201);
    expect(await lastAudit()).toMatchObject({
      action: 'ip.block',
      target_type: 'ip',
      target_id: '192.0.2.10',
    });
    expect((await visitor.request('/api/auth/session')).status).toBe(403);

    expect((await rest(admin, 'POST', '/ip-blocks', { ip: '192.0.2.10', reason: 'Again' })).status).toBe(409);
    expect((await rest(admin, 'POST', '/ip-blocks', { ip: 'not-an-ip', reason: 'Bad' })).status).toBe(400);
    expect((await rest(admin, 'POST', '/ip-blocks', { ip: '192.0.2.50', reason: 'Myself' })).status).toBe(
      403,
    );

    expect((await rest(admin, 'DELETE', '/ip-blocks/192.0.2.10')).status).toBe(200);
    expect(await lastAudit()).toMatchObject({ action: 'ip.unblock', target_id: '192.0.2.10' });
    expect((await visitor.request('/api/auth/session')).status).toBe(200);
  });
});
