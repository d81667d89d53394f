import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_BATCH } from '../../../api/doors/rest/lists/csv';
import { seedConsoleDemo } from '../../../api/seed/console-demo';
import { seedDemoMembership } from '../../../api/seed/demo-membership';
import { generateMembers } from '../../../api/seed/members';
import { upsertUsers } from '../../../api/seed/user-rows';
import { DEMO_STAFF, demoAccounts } from '../../factories/accounts';
import { listPath, rest, STAFF_EMAIL, signedIn } from '../../factories/staff';
import { createTestApp, type TestApp, type TestBrowser } from '../../factories/test-app';

/** ra-data-simple-rest's contract on the console's lists: sort, range, filter, Content-Range, CSV. */
let t: TestApp;
let admin: TestBrowser;

beforeAll(async () => {
  t = await createTestApp();
  await demoAccounts(t.db, ...DEMO_STAFF);
  for (const batch of generateMembers(150)) await upsertUsers(t.db, batch);
  // Coupons, red flags and failed sign-ins for the sorts, a blocked account for the blocked filter,
  // and paid (and ended) memberships for the free and paid lists, as the demo seed makes them.
  await seedConsoleDemo(t.db);
  await seedDemoMembership(t.db);
  admin = await signedIn(t, STAFF_EMAIL.SUPER_ADMIN);
});
afterAll(() => t.close());

const count = async (where: (q: ReturnType<typeof usersQuery>) => ReturnType<typeof usersQuery>) => {
  const row = await where(usersQuery()).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
};
const usersQuery = () => t.db.selectFrom('users');

function parseCsv(text: string): string[][] {
  return text
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','));
}

describe('list requests', () => {
  it('pages, sorts and counts in Content-Range', async () => {
    const total = await count((q) => q);
    const res = await rest(admin, 'GET', listPath('all-users', { sort: ['email', 'ASC'], range: [0, 9] }));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBe(`all-users 0-9/${total}`);
    expect(res.headers.get('access-control-expose-headers')).toContain('Content-Range');
    const expected = await t.db
      .selectFrom('users')
      .select('email')
      .orderBy('email')
      .orderBy('id')
      .limit(10)
      .execute();
    expect((res.json as { email: string }[]).map((r) => r.email)).toEqual(expected.map((r) => r.email));

    const second = await rest(
      admin,
      'GET',
      listPath('all-users', { sort: ['email', 'ASC'], range: [10, 19] }),
    );
    expect(second.headers.get('content-range')).toBe(`all-users 10-19/${total}`);
    const firstIds = new Set((res.json as { id: number }[]).map((r) => r.id));
    expect((second.json as { id: number }[]).some((r) => firstIds.has(r.id))).toBe(false);

    const desc = await rest(admin, 'GET', listPath('all-users', { sort: ['id', 'DESC'], range: [0, 4] }));
    const ids = (desc.json as { id: number }[]).map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('says */total past the end', async () => {
    const total = await count((q) => q);
    const res = await rest(admin, 'GET', listPath('all-users', { range: [5000, 5009] }));
    expect(res.json).toEqual([]);
    expect(res.headers.get('content-range')).toBe(`all-users */${total}`);
  });

  it('filters by state, role, blocked and search text on the server', async () => {
    const inCa = await count((q) => q.where('state', '=', 'CA'));
    const res = await rest(admin, 'GET', listPath('all-users', { filter: { state: 'CA' }, range: [0, 499] }));
    expect(res.headers.get('content-range')).toMatch(new RegExp(`/${inCa}$`));
    expect((res.json as { state: string }[]).every((r) => r.state === 'CA')).toBe(true);

    const orgs = await count((q) => q.where('kind', '=', 'organization'));
    const byRole = await rest(admin, 'GET', listPath('all-users', { filter: { role: 'organization' } }));
    expect(byRole.headers.get('content-range')).toMatch(new RegExp(`/${orgs}$`));
    const orgList = await rest(admin, 'GET', listPath('organizations'));
    expect(orgList.headers.get('content-range')).toMatch(new RegExp(`/${orgs}$`));

    const staff = await rest(
      admin,
      'GET',
      listPath('all-users', { filter: { role: 'staff' }, range: [0, 99] }),
    );
    expect((staff.json as { role: string }[]).map((r) => r.role)).toEqual(Array(7).fill('staff'));

    // q: the name-token search people search uses (a last name finds its bearers), or one exact email.
    const someone = await t.db
      .selectFrom('users')
      .select(['id', 'email', 'last_name'])
      .where('kind', '=', 'individual')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const byName = await rest(
      admin,
      'GET',
      listPath('all-users', { filter: { q: someone.last_name! }, range: [0, 499] }),
    );
    const named = byName.json as { id: number; name: string }[];
    expect(named.map((r) => r.id)).toContain(someone.id);
    expect(named.length).toBeLessThan(await count((q) => q));
    const byEmail = await rest(
      admin,
      'GET',
      listPath('all-users', { filter: { q: someone.email.toUpperCase() } }),
    );
    expect((byEmail.json as { id: number }[]).map((r) => r.id)).toEqual([someone.id]);
    expect(byEmail.headers.get('content-range')).toBe('all-users 0-0/1');

    const blocked = await count((q) => q.where('blocked_at', 'is not', null));
    const onlyBlocked = await rest(admin, 'GET', listPath('all-users', { filter: { blocked: true } }));
    expect(onlyBlocked.headers.get('content-range')).toMatch(new RegExp(`/${blocked}$`));
  });

  it('scopes free and paid users: paid ones and the rest add up to every member', async () => {
    const members = await count((q) => q.where('is_admin', '=', false));
    const free = await rest(admin, 'GET', listPath('free-users'));
    const paid = await rest(admin, 'GET', listPath('paid-users'));
    const total = (r: { headers: Headers }) => Number(r.headers.get('content-range')?.split('/')[1]);
    expect(total(paid)).toBeGreaterThan(0);
    expect(total(free) + total(paid)).toBe(members);
  });

  it("answers react-admin's getMany (filter by ids) and getOne", async () => {
    const [a, b] = await t.db.selectFrom('users').select('id').orderBy('id').limit(2).execute();
    const many = await rest(admin, 'GET', listPath('all-users', { filter: { id: [a!.id, b!.id] } }));
    expect((many.json as { id: number }[]).map((r) => r.id).sort()).toEqual([a!.id, b!.id].sort());
    const one = await rest(admin, 'GET', `/all-users/${a!.id}`);
    expect(one.status).toBe(200);
    expect(one.json).toMatchObject({ id: a!.id });
    expect((await rest(admin, 'GET', '/all-users/99999999')).status).toBe(404);
    expect((await rest(admin, 'GET', '/all-users/abc')).status).toBe(404);
  });

  it('refuses sort fields and filters outside the whitelist, and malformed ranges', async () => {
    const bad = [
      listPath('all-users', { sort: ['password_hash', 'ASC'] }),
      listPath('all-users', { sort: ['email; DROP TABLE users', 'ASC'] }),
      listPath('all-users', { filter: { password_hash: 'x' } }),
      listPath('all-users', { range: [10, 5] }),
      listPath('all-users', { range: [0, 5000] }),
      '/all-users?sort=not-json',
    ];
    for (const path of bad) {
      const res = await rest(admin, 'GET', path);
      expect(res.status, path).toBe(400);
      expect(res.json, path).toHaveProperty('message');
    }
  });

  it('sorts every resource by each of its sortable fields without error', async () => {
    const { REST_RESOURCES } = await import('../../../api/doors/rest');
    const specs = await Promise.all([
      import('../../../api/modules/staff/employee-list').then((m) => m.employeesSpec),
      import('../../../api/modules/coupons/coupon-list').then((m) => m.couponsSpec),
      import('../../../api/modules/red-flags/red-flag-list').then((m) => m.redFlagsSpec),
      import('../../../api/modules/audit/audit-log-list').then((m) => m.auditLogsSpec),
      import('../../../api/modules/security/failed-sign-in-list').then((m) => m.failedByIpSpec),
      import('../../../api/modules/security/failed-sign-in-list').then((m) => m.failedByAccountSpec),
      import('../../../api/doors/rest/resources/user-locations').then((m) => m.userLocationsSpec),
    ]);
    expect(REST_RESOURCES.length).toBeGreaterThan(10);
    for (const spec of specs) {
      for (const field of spec.sortable) {
        const res = await rest(
          admin,
          'GET',
          listPath(spec.resource, { sort: [field, 'DESC'], range: [0, 4] }),
        );
        expect(res.status, `${spec.resource} by ${field}`).toBe(200);
      }
    }
  });
});

describe('CSV export', () => {
  it('matches the filtered, sorted list row for row', async () => {
    const filter = { state: 'TX' };
    const list = await rest(
      admin,
      'GET',
      listPath('all-users', { filter, sort: ['email', 'ASC'], range: [0, 499] }),
    );
    const csv = await admin.request(
      `/api/admin/rest${listPath('all-users', { filter, sort: ['email', 'ASC'], format: 'csv' })}`,
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toMatch(
      /attachment; filename="all-users-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const [header, ...rows] = parseCsv(await csv.text());
    expect(header?.slice(0, 3)).toEqual(['id', 'name', 'email']);
    const emailAt = header!.indexOf('email');
    expect(rows.map((r) => r[emailAt])).toEqual((list.json as { email: string }[]).map((r) => r.email));
  });

  it('streams exports larger than one batch', async () => {
    const rows = Array.from({ length: CSV_BATCH * 2 + 17 }, (_, i) => ({
      email: `bulk${i}@example.org`,
      ip: '192.0.2.99',
      succeeded: false,
      reason: 'invalid',
      user_id: null,
      created_at: new Date(Date.now() - 3 * 86_400_000),
    }));
    // In chunks: one INSERT of 10,000 rows' parameters is more than PGlite takes in a message.
    for (let i = 0; i < rows.length; i += 1000) {
      await t.db
        .insertInto('sign_in_attempts')
        .values(rows.slice(i, i + 1000))
        .execute();
    }
    const res = await admin.request(
      `/api/admin/rest${listPath('sign-in-attempts', { filter: { ip: '192.0.2.99' }, sort: ['id', 'ASC'], format: 'csv' })}`,
    );
    const lines = parseCsv(await res.text());
    expect(lines).toHaveLength(rows.length + 1);
    const emails = lines.slice(1).map((l) => l[1]);
    expect(new Set(emails).size).toBe(rows.length);
    expect(emails[0]).toBe('bulk0@example.org');
  });

  it('is guarded like the list it exports', async () => {
    const support = await signedIn(t, STAFF_EMAIL.SUPPORT);
    const res = await support.request(`/api/admin/rest${listPath('audit-logs', { format: 'csv' })}`);
    expect(res.status).toBe(403);
  });
});
