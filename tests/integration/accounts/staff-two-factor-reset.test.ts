import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replaceRecoveryCodes } from '../../../api/modules/accounts/recovery-codes';
import { DEMO_PASSWORD } from '../../../api/seed/demo-accounts';
import { DEMO_STAFF, demoAccounts } from '../../factories/accounts';
import { rest, STAFF_EMAIL, signedIn, userId } from '../../factories/staff';
import { createTestApp, type TestApp, TestBrowser } from '../../factories/test-app';

/**
 * An administrator's reset of another staff member's two-factor sign-in, for one who lost their
 * authenticator and their recovery codes (docs/decisions/0040-staff-two-factor-sign-in.md, "Reset
 * by an administrator"), through POST /api/admin/rest/employee-two-factor-resets.
 */
let t: TestApp;
let admin: TestBrowser;
let adminId: number;

beforeAll(async () => {
  t = await createTestApp();
  await demoAccounts(t.db, 'member', ...DEMO_STAFF);
  admin = await signedIn(t, STAFF_EMAIL.SUPER_ADMIN);
  adminId = await userId(t, STAFF_EMAIL.SUPER_ADMIN);
});
afterAll(() => t.close());

const reset = (browser: TestBrowser, body: unknown) =>
  rest(browser, 'POST', '/employee-two-factor-resets', body);

async function secondFactorRows(id: number) {
  const count = async (
    table: 'two_factor_credentials' | 'two_factor_recovery_codes' | 'sign_in_challenges',
  ) =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', id)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    credentials: await count('two_factor_credentials'),
    recoveryCodes: await count('two_factor_recovery_codes'),
    challenges: await count('sign_in_challenges'),
  };
}

async function sessionsOf(id: number) {
  const rows = await t.db.selectFrom('sessions').select('id').where('user_id', '=', id).execute();
  return rows.length;
}

async function resetAudits(targetId: number) {
  return t.db
    .selectFrom('audit_logs')
    .select(['actor_id', 'action', 'target_type', 'target_id', 'before', 'after'])
    .where('action', '=', 'two_factor.reset')
    .where('target_id', '=', String(targetId))
    .orderBy('id')
    .execute();
}

async function enrolled(browser: TestBrowser, id: number) {
  const res = await rest(browser, 'GET', `/employees/${id}`);
  expect(res.status).toBe(200);
  return (res.json as { two_factor_enrolled: boolean }).two_factor_enrolled;
}

describe('resetting a staff member’s two-factor sign-in', () => {
  const email = STAFF_EMAIL.SALES;
  let id: number;

  beforeAll(async () => {
    id = await userId(t, email);
  });

  it('lets a super admin reset it: second factor, challenges and sessions gone, audited, in one go', async () => {
    // The person is signed in twice (one may be the lost phone), has recovery codes, and a
    // password step waits for a code in a third browser.
    const lostPhone = await signedIn(t, email);
    const laptop = await signedIn(t, email);
    await replaceRecoveryCodes(t.db, id);
    const waiting = new TestBrowser(t);
    const pending = await waiting.passwordStep(email, DEMO_PASSWORD);
    expect(((await pending.json()) as { url: string }).url).toMatch(/^\/auth\/two-factor/);
    expect(await secondFactorRows(id)).toEqual({ credentials: 1, recoveryCodes: 10, challenges: 1 });
    expect(await sessionsOf(id)).toBe(2);
    expect((await rest(lostPhone, 'GET', '/dashboard/summary')).status).toBe(200);
    expect(await enrolled(admin, id)).toBe(true);

    const res = await reset(admin, { user_id: id });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ id, email, two_factor_enrolled: false, sessions_ended: 2 });

    expect(await secondFactorRows(id)).toEqual({ credentials: 0, recoveryCodes: 0, challenges: 0 });
    expect(await sessionsOf(id)).toBe(0);
    for (const browser of [lostPhone, laptop]) {
      expect((await rest(browser, 'GET', '/dashboard/summary')).status).toBe(401);
    }
    expect(await resetAudits(id)).toEqual([
      {
        actor_id: adminId,
        action: 'two_factor.reset',
        target_type: 'user',
        target_id: String(id),
        before: { enrolled: true },
        after: { enrolled: false, sessionsEnded: 2 },
      },
    ]);
    // The employee screen shows the change; the admin's own session is untouched.
    expect(await enrolled(admin, id)).toBe(false);
    expect(await enrolled(admin, adminId)).toBe(true);
  });

  it('sends the person’s next password sign-in to enrolment, not to a code', async () => {
    const browser = await signedIn(t, email);
    // signedIn answered the password step itself: no two-factor challenge was opened.
    expect(await secondFactorRows(id)).toEqual({ credentials: 0, recoveryCodes: 0, challenges: 0 });
    const again = await browser.passwordStep(email, DEMO_PASSWORD, '/admin/employees');
    expect({ status: again.status, ...((await again.json()) as { url: string }) }).toMatchObject({
      status: 200,
      url: '/admin',
    });
    const info = (await (await browser.trpc('admins.getAdminUserInfo')).json()) as {
      result: { data: { json: { permissions: string[]; needsSecondFactor: boolean } } };
    };
    expect(info.result.data.json).toMatchObject({ permissions: [], needsSecondFactor: true });
    expect((await rest(browser, 'GET', '/dashboard/summary')).status).toBe(403);
  });

  it('refuses a target who is not enrolled, and changes nothing', async () => {
    const sessions = await sessionsOf(id);
    expect(sessions).toBeGreaterThan(0);
    const res = await reset(admin, { user_id: id });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ message: expect.stringMatching(/not set up two-factor/) });
    expect(await sessionsOf(id)).toBe(sessions);
    expect(await resetAudits(id)).toHaveLength(1);
  });

  it('also refuses a target who started enrolment but never confirmed it', async () => {
    const browser = await signedIn(t, email);
    expect((await browser.trpc('twoFactor.startEnrolment')).status).toBe(200);
    expect(await secondFactorRows(id)).toMatchObject({ credentials: 1 });
    expect((await reset(admin, { user_id: id })).status).toBe(409);
    expect(await secondFactorRows(id)).toMatchObject({ credentials: 1 });
  });
});

describe('who may reset whom', () => {
  it('answers 403 to staff without MANAGE_EMPLOYEES, even those who see the employee list', async () => {
    const target = await userId(t, STAFF_EMAIL.FINANCE);
    for (const role of ['SECURITY', 'SUPPORT'] as const) {
      const res = await reset(await signedIn(t, STAFF_EMAIL[role]), { user_id: target });
      expect(res.status, role).toBe(403);
      expect(res.json).toMatchObject({ message: expect.stringContaining('Manage Employees') });
    }
    expect(await secondFactorRows(target)).toMatchObject({ credentials: 1 });
    expect(await resetAudits(target)).toEqual([]);
  });

  it('refuses one’s own reset with a message pointing to turning it off', async () => {
    const res = await reset(admin, { user_id: adminId });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ message: expect.stringMatching(/cannot reset your own/) });
    expect(await secondFactorRows(adminId)).toMatchObject({ credentials: 1 });
    expect(await enrolled(admin, adminId)).toBe(true);
  });

  it('lets a holder of MANAGE_EMPLOYEES by extra grant reset those they may manage, not those above them', async () => {
    const marketingId = await userId(t, STAFF_EMAIL.MARKETING);
    await t.db
      .updateTable('staff_members')
      .set({ extra_permissions: ['MANAGE_EMPLOYEES'] })
      .where('user_id', '=', marketingId)
      .execute();
    const marketing = await signedIn(t, STAFF_EMAIL.MARKETING);

    const above = await reset(marketing, { user_id: adminId });
    expect(above.status).toBe(403);
    expect(await secondFactorRows(adminId)).toMatchObject({ credentials: 1 });

    // ANALYTICS holds nothing MARKETING does not.
    const analyticsId = await userId(t, STAFF_EMAIL.ANALYTICS);
    const res = await reset(marketing, { user_id: analyticsId });
    expect(res.status).toBe(201);
    expect(await secondFactorRows(analyticsId)).toMatchObject({ credentials: 0 });
    expect(await resetAudits(analyticsId)).toMatchObject([{ actor_id: marketingId }]);
  });

  it('answers 404 for an unknown user or a member who is not staff, 400 for a malformed body', async () => {
    expect((await reset(admin, { user_id: 999999 })).status).toBe(404);
    const member = await userId(t, 'member@demo.campaignhq.test');
    expect((await reset(admin, { user_id: member })).status).toBe(404);
    for (const body of [
      {},
      { user_id: 'one' },
      { user_id: -1 },
      { user_id: 1.5 },
      { user_id: 1, extra: true },
    ]) {
      const res = await reset(admin, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('refuses a cross-site request like every console write', async () => {
    const target = await userId(t, STAFF_EMAIL.FINANCE);
    const res = await admin.request('/api/admin/rest/employee-two-factor-resets', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://attacker.example' },
      body: JSON.stringify({ user_id: target }),
    });
    expect(res.status).toBe(403);
    expect(await secondFactorRows(target)).toMatchObject({ credentials: 1 });
  });
});
