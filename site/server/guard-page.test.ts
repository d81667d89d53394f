import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../api/contract/session-user';
import type { AppEnv } from '../../api/middleware/app-env';
import { demoAccounts } from '../../tests/factories/accounts';
import { createTestApp, type TestApp } from '../../tests/factories/test-app';
import { requirePagePermission } from './guard-page';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await demoAccounts(t.db, 'member', 'sales', 'security', 'admin');
});
afterAll(() => t.close());

/** A one-route app whose session user is `user`, behind VIEW_AUDIT_LOGS. */
function guardedApp(user: SessionUser | null, secondFactor = true) {
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set('db', t.db);
    c.set('user', user);
    c.set('secondFactor', secondFactor);
    await next();
  });
  app.get('/admin/audit-logs', async (c) => {
    const denied = await requirePagePermission(c, { kind: 'one', permissions: ['VIEW_AUDIT_LOGS'] });
    return denied ?? c.text('the page');
  });
  return app;
}

async function userFor(email: string): Promise<SessionUser> {
  const row = await t.db
    .selectFrom('users')
    .select(['id', 'is_admin'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    name: 'x',
    orgname: null,
    role: 'individual',
    vendor: false,
    candidate: false,
    admin: row.is_admin,
    handle: null,
    profileImage: null,
  };
}

describe('requirePagePermission', () => {
  it('sends visitors to sign in with the page as callback', async () => {
    const res = await guardedApp(null).request('/admin/audit-logs?page=2');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(
      `/api/auth/signin?${new URLSearchParams({ callbackUrl: '/admin/audit-logs?page=2', error: 'SessionRequired' })}`,
    );
  });

  it('sends members and staff without the permission to /403', async () => {
    for (const email of ['member@demo.campaignhq.test', 'sales@demo.campaignhq.test']) {
      const res = await guardedApp(await userFor(email)).request('/admin/audit-logs');
      expect([res.status, res.headers.get('location')]).toEqual([302, '/403']);
    }
  });

  it('lets staff with the permission through', async () => {
    for (const email of ['security@demo.campaignhq.test', 'admin@demo.campaignhq.test']) {
      const res = await guardedApp(await userFor(email)).request('/admin/audit-logs');
      expect(await res.text()).toBe('the page');
    }
  });

  it('sends staff whose session has not proven a second factor to /403 (docs/decisions/0040-staff-two-factor-sign-in.md)', async () => {
    const res = await guardedApp(await userFor('security@demo.campaignhq.test'), false).request(
      '/admin/audit-logs',
    );
    expect([res.status, res.headers.get('location')]).toEqual([302, '/403']);
  });
});
