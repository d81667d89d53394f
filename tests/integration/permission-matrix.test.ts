import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionsFor, STAFF_ROLES } from '../../api/auth/permissions';
import { type PermissionRequirement, satisfies } from '../../api/modules/staff/access';
import type { ProcedureMeta } from '../../api/trpc/init';
import { appRouter } from '../../api/trpc/router';
import type { StaffRole } from '../../db/schema';
import { DEMO_PASSWORD } from '../../db/seed/demo-accounts';
import { seedDatabase } from '../../db/seed/seed';
import { createTestApp, type TestApp, TestBrowser } from '../factories/test-app';

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
  'featureToggle.getFeatureAccess': 'public',
};

/** What each guarded procedure must require: a guard with the wrong permission fails too. */
const EXPECTED_GUARDS: Record<string, PermissionRequirement> = {
  'featureToggle.list': { kind: 'one', permissions: ['MANAGE_FEATURES'] },
  'featureToggle.set': { kind: 'one', permissions: ['MANAGE_FEATURES'] },
};

interface ProcedureEntry {
  path: string;
  access: PermissionRequirement | undefined;
}

const procedures: ProcedureEntry[] = Object.entries(
  appRouter._def.procedures as Record<string, { _def: { meta?: ProcedureMeta } }>,
).map(([path, procedure]) => ({ path, access: procedure._def.meta?.access }));
const guarded = procedures.filter(
  (p): p is { path: string; access: PermissionRequirement } => p.access !== undefined,
);

type Principal = 'visitor' | 'member' | StaffRole;
const STAFF_EMAIL: Record<StaffRole, string> = {
  SUPER_ADMIN: 'admin@demo.campaignhq.test',
  SUPPORT: 'support@demo.campaignhq.test',
  MARKETING: 'marketing@demo.campaignhq.test',
  FINANCE: 'finance@demo.campaignhq.test',
  SECURITY: 'security@demo.campaignhq.test',
  ANALYTICS: 'analytics@demo.campaignhq.test',
  SALES: 'sales@demo.campaignhq.test',
};

let t: TestApp;
const browsers = new Map<Principal, TestBrowser>();

beforeAll(async () => {
  t = await createTestApp();
  await seedDatabase(t.db, { members: 0 });
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
    const res = await b.request('/api/trpc/featureToggle.getFeatureAccess', {
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
