import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionsFor } from '../../../api/contract/permissions';
import { demoAccounts } from '../../factories/accounts';
import { rest, STAFF_EMAIL, signedIn, userId } from '../../factories/staff';
import { createTestApp, type TestApp, type TestBrowser } from '../../factories/test-app';
import { enrolSecondFactor } from '../../factories/two-factor';

/** Employee registration with its invitation, edits, extra grants, and no self-escalation. */
let t: TestApp;
let admin: TestBrowser;

beforeAll(async () => {
  t = await createTestApp();
  await demoAccounts(t.db, 'admin', 'finance', 'sales');
  admin = await signedIn(t, STAFF_EMAIL.SUPER_ADMIN);
});
afterAll(() => t.close());

const NEW_HIRE = 'new.hire@campaignhq.test';

async function permissionsOf(browser: TestBrowser) {
  const res = await browser.trpc('admins.getAdminUserInfo');
  return ((await res.json()) as { result: { data: { json: { role: string; permissions: string[] } } } })
    .result.data.json;
}

describe('employee registration', () => {
  it('creates the staff account, audits it and emails an invitation that sets the password', async () => {
    const created = await rest(admin, 'POST', '/employees', {
      email: 'New.Hire@CampaignHQ.test',
      first_name: 'Noor',
      last_name: 'Haddad',
      role: 'SUPPORT',
      department: 'Member care',
      title: 'Support specialist',
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      email: NEW_HIRE,
      role: 'SUPPORT',
      status: 'invited',
      name: 'Noor Haddad',
    });
    const id = (created.json as { id: number }).id;
    const audit = await t.db
      .selectFrom('audit_logs')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      action: 'employee.register',
      target_type: 'employee',
      target_id: String(id),
    });

    const mail = await t.db
      .selectFrom('email_outbox')
      .selectAll()
      .where('to_address', '=', NEW_HIRE)
      .executeTakeFirstOrThrow();
    expect(mail.subject).toMatch(/invited/i);
    const token = /\/auth\/reset-password\?token=([a-z0-9]+)/.exec(mail.text_body)?.[1];
    expect(token).toBeTruthy();
    const tokenRow = await t.db
      .selectFrom('email_tokens')
      .select('expires_at')
      .where('user_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(new Date(tokenRow.expires_at).getTime() - Date.now()).toBeGreaterThan(6 * 86_400_000);

    const reset = await admin.trpc('accounts.resetPassword', { token, password: 'welcome-to-the-team-26' });
    expect(reset.status).toBe(200);
    const hire = await signedIn(t, NEW_HIRE, 'welcome-to-the-team-26');
    // Staff hold no permission until they enrol in two-factor sign-in (docs/decisions/0040-staff-two-factor-sign-in.md).
    expect(await permissionsOf(hire)).toMatchObject({ role: 'SUPPORT', permissions: [] });
    expect((await hire.request('/admin/all-users')).status).toBe(200);
    await enrolSecondFactor(hire);
    expect(await permissionsOf(hire)).toMatchObject({
      role: 'SUPPORT',
      permissions: permissionsFor('SUPPORT'),
    });
    expect((await hire.request('/admin/all-users')).status).toBe(200);

    const again = await rest(admin, 'POST', '/employees', {
      email: NEW_HIRE,
      first_name: 'N',
      last_name: 'H',
      role: 'SUPPORT',
      department: 'x',
      title: 'y',
    });
    expect(again.status).toBe(400);
    expect(again.json).toMatchObject({ errors: { email: 'An account with this email already exists.' } });
  });

  it('reports missing fields one message per field', async () => {
    const res = await rest(admin, 'POST', '/employees', { email: 'nope', role: 'WIZARD' });
    expect(res.status).toBe(400);
    expect(Object.keys((res.json as { errors: object }).errors).sort()).toEqual(
      ['department', 'email', 'first_name', 'last_name', 'role', 'title'].sort(),
    );
  });
});

describe('editing employees and their grants', () => {
  it('lets MANAGE_EMPLOYEES change role, department and title, audited', async () => {
    const id = await userId(t, NEW_HIRE);
    const res = await rest(admin, 'PUT', `/employees/${id}`, {
      role: 'SECURITY',
      title: 'Analyst',
      name: 'ignored',
    });
    expect(res.json).toMatchObject({ role: 'SECURITY', title: 'Analyst', department: 'Member care' });
    const audit = await t.db
      .selectFrom('audit_logs')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'employee.update', target_id: String(id) });
    expect(audit.before).toMatchObject({ role: 'SUPPORT' });
  });

  it('never lets staff raise their own permissions', async () => {
    const adminId = await userId(t, STAFF_EMAIL.SUPER_ADMIN);
    const ownGrants = await rest(admin, 'PUT', `/employee-permissions/${adminId}`, { extra_permissions: [] });
    expect(ownGrants.status).toBe(403);
    expect(ownGrants.json).toMatchObject({ message: 'You cannot change your own permissions.' });
    const ownRole = await rest(admin, 'PUT', `/employees/${adminId}`, { role: 'SUPPORT' });
    expect(ownRole.status).toBe(403);

    // A SALES employee who was given MANAGE_EMPLOYEES and MANAGE_PERMISSIONS as extras...
    const salesId = await userId(t, STAFF_EMAIL.SALES);
    const grant = await rest(admin, 'PUT', `/employee-permissions/${salesId}`, {
      extra_permissions: ['MANAGE_EMPLOYEES', 'MANAGE_PERMISSIONS'],
    });
    expect(grant.json).toMatchObject({ extra_permissions: ['MANAGE_EMPLOYEES', 'MANAGE_PERMISSIONS'] });
    const sales = await signedIn(t, STAFF_EMAIL.SALES);
    const before = await permissionsOf(sales);

    // ...cannot grant themselves more, nor take a bigger role,
    for (const attempt of [
      rest(sales, 'PUT', `/employee-permissions/${salesId}`, {
        extra_permissions: ['MANAGE_EMPLOYEES', 'MANAGE_PERMISSIONS', 'RUN_TESTS'],
      }),
      rest(sales, 'PUT', `/employees/${salesId}`, { role: 'SUPER_ADMIN' }),
    ]) {
      expect((await attempt).status).toBe(403);
    }
    // ...nor hand out what they do not hold, nor manage someone who holds more than they do.
    const hireId = await userId(t, NEW_HIRE);
    expect(
      (await rest(sales, 'PUT', `/employee-permissions/${hireId}`, { extra_permissions: ['RUN_TESTS'] }))
        .status,
    ).toBe(403);
    const financeId = await userId(t, STAFF_EMAIL.FINANCE);
    expect((await rest(sales, 'PUT', `/employees/${financeId}`, { title: 'Demoted' })).status).toBe(403);
    expect(await permissionsOf(sales)).toEqual(before);

    // A new SALES hire, though, is within their reach.
    const junior = await rest(admin, 'POST', '/employees', {
      email: 'junior.sales@campaignhq.test',
      first_name: 'Jo',
      last_name: 'Park',
      role: 'SALES',
      department: 'Sales',
      title: 'Associate',
    });
    const juniorId = (junior.json as { id: number }).id;
    const ok = await rest(sales, 'PUT', `/employee-permissions/${juniorId}`, {
      extra_permissions: ['MANAGE_EMPLOYEES'],
    });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ effective_permissions: expect.arrayContaining(['MANAGE_EMPLOYEES']) });
  });
});
