import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionsFor, STAFF_ROLES } from '../../../api/contract/permissions';
import { createAdminRestApi, REST_BASE } from '../../../api/doors/rest';
import { REST_ACCESS } from '../../../api/doors/rest/access';
import type { ProcedureMeta } from '../../../api/doors/trpc/init';
import { appRouter } from '../../../api/doors/trpc/routers';
import { type PermissionRequirement, satisfies } from '../../../api/modules/staff/access';
import { DEMO_PASSWORD } from '../../../api/seed/demo-accounts';
import type { StaffRole } from '../../../db/schema';
import { DEMO_STAFF, demoAccounts } from '../../factories/accounts';
import { STAFF_EMAIL } from '../../factories/staff';
import { createTestApp, type TestApp, TestBrowser } from '../../factories/test-app';

/**
 * Every procedure must be either listed here on purpose or guarded by a permission. A new
 * procedure that is neither fails the first test, so nothing staff-only ships unguarded.
 */
const OPEN_PROCEDURES: Record<string, 'public' | 'member'> = {
  'shOptions.values': 'public',
  'feedback.submit': 'public',
  'accounts.signUp': 'public',
  'accounts.requestPasswordReset': 'public',
  'accounts.resetPassword': 'public',
  'accounts.completeSetup': 'member',
  'admins.getAdminUserInfo': 'member',
  // Staff enrol before they hold any permission (docs/decisions/0040-staff-two-factor-sign-in.md).
  'twoFactor.status': 'member',
  'twoFactor.startEnrolment': 'member',
  'twoFactor.confirmEnrolment': 'member',
  'twoFactor.disable': 'member',
  'featureToggle.getFeatureAccess': 'public',
  'users.searchUsersByName': 'public',
  'profiles.get': 'public',
  'profiles.follow': 'member',
  'profiles.unfollow': 'member',
  'profiles.updateMine': 'member',
  'settings.updateNames': 'member',
  'settings.requestEmailChange': 'member',
  'settings.changePassword': 'member',
  'settings.setVisibility': 'member',
  'settings.notificationPreferences': 'member',
  'settings.setNotificationPreferences': 'member',
  'notifications.getNotifications': 'member',
  'notifications.markAsRead': 'member',
  'notifications.markAllAsRead': 'member',
  'messaging.onlineStatus': 'member',
  'messaging.conversations': 'member',
  'messaging.thread': 'member',
  'messaging.send': 'member',
  'messaging.markRead': 'member',
  'messaging.unreadCount': 'member',
  'messaging.block': 'member',
  'messaging.unblock': 'member',
  'messaging.report': 'member',
  'shop.quote': 'public',
  'shop.startCheckout': 'public',
  'shop.orderStatus': 'public',
  'shop.requestReturn': 'public',
  'shop.myOrders': 'member',
  'shop.myOrder': 'member',
  // Guests give too (docs/decisions/0021-campaign-donations.md); organizations are refused inside.
  'donations.startGift': 'public',
  // The tiers are the public price list; a member manages only their own membership (docs/decisions/0024-membership.md).
  'membership.tiers': 'public',
  'membership.mine': 'member',
  'membership.subscribe': 'member',
  'membership.cancel': 'member',
  'membership.resume': 'member',
  // The job board (docs/decisions/0028-job-board.md): the board is public; the rest works from the member's own side.
  'jobBoard.search': 'public',
  'jobBoard.posting': 'public',
  'jobBoard.post': 'member',
  'jobBoard.edit': 'member',
  'jobBoard.close': 'member',
  'jobBoard.applyTo': 'member',
  'jobBoard.myApplications': 'member',
  'jobBoard.applicants': 'member',
  'jobBoard.moveApplication': 'member',
  'jobBoard.saveSearch': 'member',
  'jobBoard.savedSearches': 'member',
  'jobBoard.deleteSavedSearch': 'member',
  'jobBoard.report': 'member',
  // Events (docs/decisions/0092-events-and-shifts.md): finding and signing up are open to guests;
  // a member cancels only their own sign-ups and decides only proposals made to them.
  'events.search': 'public',
  'events.event': 'public',
  'events.signUp': 'public',
  'events.mine': 'member',
  'events.cancel': 'member',
  'events.create': 'member',
  'events.hosting': 'member',
  'events.decide': 'member',
  'tracking.getOrStartSession': 'public',
  'tracking.trackPageView': 'public',
  'tracking.endPageView': 'public',
  'tracking.heartbeat': 'public',
  'tracking.trackClick': 'public',
  'tracking.trackClickSignal': 'public',
};

/** What each guarded procedure must require: a guard with the wrong permission fails too. */
const EXPECTED_GUARDS: Record<string, PermissionRequirement> = {
  'featureToggle.list': { kind: 'one', permissions: ['MANAGE_FEATURES'] },
  'featureToggle.set': { kind: 'one', permissions: ['MANAGE_FEATURES'] },
  'analytics.heatmapData': { kind: 'one', permissions: ['VIEW_ANALYTICS_HEATMAP'] },
};

interface ProcedureEntry {
  path: string;
  access: PermissionRequirement | undefined;
}

const procedures: ProcedureEntry[] = Object.entries(
  appRouter._def.procedures as unknown as Record<string, { _def: { meta?: ProcedureMeta } }>,
).map(([path, procedure]) => ({ path, access: procedure._def.meta?.access }));
const guarded = procedures.filter(
  (p): p is { path: string; access: PermissionRequirement } => p.access !== undefined,
);

type Principal = 'visitor' | 'member' | StaffRole;

let t: TestApp;
const browsers = new Map<Principal, TestBrowser>();

beforeAll(async () => {
  t = await createTestApp();
  await demoAccounts(t.db, 'member', ...DEMO_STAFF);
  browsers.set('visitor', new TestBrowser(t));
  const member = new TestBrowser(t);
  await member.signIn('member@demo.campaignhq.test', DEMO_PASSWORD);
  browsers.set('member', member);
  for (const role of STAFF_ROLES) {
    const b = new TestBrowser(t);
    expect((await b.signIn(STAFF_EMAIL[role], DEMO_PASSWORD)).status).toBe(200);
    browsers.set(role, b);
  }
});
afterAll(() => t.close());

describe('the permission matrix, enumerated from the routers', () => {
  it('leaves no procedure unguarded unless it is deliberately public or member-only', () => {
    const unaccounted = procedures
      .filter((p) => p.access === undefined && !(p.path in OPEN_PROCEDURES))
      .map((p) => p.path);
    expect(unaccounted).toEqual([]);
    expect(Object.fromEntries(guarded.map((p) => [p.path, p.access]))).toEqual(EXPECTED_GUARDS);
  });

  it('gives each principal exactly what the matrix grants on every guarded procedure', async () => {
    const mismatches: string[] = [];
    for (const { path, access } of guarded) {
      for (const [principal, browser] of browsers) {
        const status = (await browser.trpc(path)).status;
        const expected =
          principal === 'visitor'
            ? 401
            : principal === 'member'
              ? 403
              : satisfies(permissionsFor(principal), access)
                ? 'allowed'
                : 403;
        const allowed = status !== 401 && status !== 403;
        const ok = expected === 'allowed' ? allowed : status === expected;
        if (!ok) mismatches.push(`${path} as ${principal}: got ${status}, expected ${expected}`);
      }
    }
    expect(mismatches).toEqual([]);
    console.info(
      `permission matrix: ${guarded.length} guarded procedures × ${browsers.size} principals checked`,
    );
  });

  it('keeps member-only procedures closed to visitors', async () => {
    const visitor = browsers.get('visitor')!;
    for (const [path, kind] of Object.entries(OPEN_PROCEDURES)) {
      if (kind === 'member') expect((await visitor.trpc(path)).status, path).toBe(401);
    }
  });

  it('reports staff info with the role and permissions of the matrix', async () => {
    for (const role of STAFF_ROLES) {
      const res = await browsers.get(role)!.trpc('admins.getAdminUserInfo');
      const body = (await res.json()) as {
        result: { data: { json: { role: string; permissions: string[]; isSuperAdmin: boolean } } };
      };
      expect(body.result.data.json).toMatchObject({
        role,
        permissions: permissionsFor(role),
        isSuperAdmin: role === 'SUPER_ADMIN',
      });
    }
    const member = (await (await browsers.get('member')!.trpc('admins.getAdminUserInfo')).json()) as {
      result: { data: { json: { permissions: string[] } } };
    };
    expect(member.result.data.json.permissions).toEqual([]);
  });

  it('adds an employee’s extra grants to their role', async () => {
    const user = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', STAFF_EMAIL.SALES)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('staff_members')
      .set({ extra_permissions: ['MANAGE_FEATURES'] })
      .where('user_id', '=', user.id)
      .execute();
    expect((await browsers.get('SALES')!.trpc('featureToggle.list')).status).toBe(200);
    await t.db
      .updateTable('staff_members')
      .set({ extra_permissions: [] })
      .where('user_id', '=', user.id)
      .execute();
    expect((await browsers.get('SALES')!.trpc('featureToggle.list')).status).toBe(403);
  });
});

describe('feature toggles', () => {
  const access = async (b: TestBrowser) => {
    const res = await b.request('/api/doors/trpc/featureToggle.getFeatureAccess', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ json: { featureName: 'campaign-donations' } }),
    });
    return ((await res.json()) as { result: { data: { json: { enabled: boolean } } } }).result.data.json
      .enabled;
  };

  it('treats a toggle that does not exist as enabled', async () => {
    const res = await browsers
      .get('visitor')!
      .trpc('featureToggle.getFeatureAccess', { featureName: 'never-defined' });
    expect(
      ((await res.json()) as { result: { data: { json: { enabled: boolean } } } }).result.data.json.enabled,
    ).toBe(true);
  });

  it('lets MANAGE_FEATURES switch a toggle, and audits the change', async () => {
    const admin = browsers.get('SUPER_ADMIN')!;
    expect(await access(browsers.get('visitor')!)).toBe(true);
    expect(
      (await admin.trpc('featureToggle.set', { name: 'campaign-donations', enabled: false })).status,
    ).toBe(200);
    expect(await access(browsers.get('visitor')!)).toBe(false);
    const audit = await t.db
      .selectFrom('audit_logs')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      action: 'feature_toggle.set',
      target_type: 'feature_toggle',
      target_id: 'campaign-donations',
    });
    expect(audit.before).toEqual({ enabled: true });
    expect(audit.after).toEqual({ enabled: false });
    await admin.trpc('featureToggle.set', { name: 'campaign-donations', enabled: true });
  });

  it('keeps the audit log append-only', async () => {
    await expect(t.db.updateTable('audit_logs').set({ action: 'tampered' }).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(t.db.deleteFrom('audit_logs').execute()).rejects.toThrow(/append-only/);
  });
});

/**
 * The REST API of the staff console, enumerated from its route table (api/doors/rest/access.ts):
 * every route × every principal gets exactly what the matrix grants, and no route exists in
 * the app that the table does not list.
 */
describe('the permission matrix on /api/admin/rest', () => {
  const { routes } = createAdminRestApi();
  const SAMPLE_IDS: Record<string, string> = {
    dashboard: 'summary',
    'ip-blocks': '192.0.2.1',
    'analytics-traffic': '2026-01-01..2026-01-31',
    'analytics-page-views': '2026-01-01..2026-01-31',
    'analytics-click-trouble': '2026-01-01..2026-01-31',
  };
  const sampleId = (resource: string) => SAMPLE_IDS[resource] ?? '999999';

  it('serves exactly the routes of the table, each behind its guard', () => {
    const served = new Set(
      t.app.routes
        .filter((r) => r.path.startsWith(`${REST_BASE}/`) && r.method !== 'ALL')
        .map((r) => `${r.method} ${r.path}`),
    );
    expect([...served].sort()).toEqual(routes.map((r) => `${r.method} ${r.path}`).sort());
    const listed = Object.entries(REST_ACCESS).flatMap(([resource, actions]) =>
      Object.keys(actions).map((action) => `${resource}.${action}`),
    );
    expect(routes.map((r) => `${r.resource}.${r.action}`).sort()).toEqual(listed.sort());
  });

  it('gives each principal exactly what the matrix grants on every REST route', async () => {
    const mismatches: string[] = [];
    for (const route of routes) {
      const path = route.path.replace(':id', encodeURIComponent(sampleId(route.resource)));
      for (const [principal, browser] of browsers) {
        const init: RequestInit = { method: route.method };
        if (route.method === 'POST' || route.method === 'PUT') {
          init.headers = { 'content-type': 'application/json' };
          init.body = '{}';
        }
        const status = (await browser.request(path, init)).status;
        const expected =
          principal === 'visitor'
            ? 401
            : principal === 'member'
              ? 403
              : satisfies(permissionsFor(principal), route.requirement)
                ? 'allowed'
                : 403;
        const ok =
          expected === 'allowed' ? status !== 401 && status !== 403 && status < 500 : status === expected;
        if (!ok)
          mismatches.push(`${route.method} ${path} as ${principal}: got ${status}, expected ${expected}`);
      }
    }
    expect(mismatches).toEqual([]);
    console.info(`REST permission matrix: ${routes.length} routes × ${browsers.size} principals checked`);
  });

  it('answers unknown REST paths with 404 for staff and 401 for visitors', async () => {
    expect((await browsers.get('SUPER_ADMIN')!.request(`${REST_BASE}/no-such-thing`)).status).toBe(404);
    expect((await browsers.get('visitor')!.request(`${REST_BASE}/no-such-thing`)).status).toBe(401);
  });
});
