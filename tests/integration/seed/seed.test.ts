import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../../api/auth/passwords';
import { avatarUrlFor } from '../../../api/contract/avatars';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../../api/seed/demo-accounts';
import { generateMembers, MEMBER_EMAIL_DOMAIN, memberAt } from '../../../api/seed/members';
import { ORG_CAUSES } from '../../../api/seed/names';
import { LIST_NAMES, REFERENCE_LISTS } from '../../../api/seed/reference-options';
import { DEFAULT_MEMBER_COUNT, type SeedSummary, seedDatabase } from '../../../api/seed/seed';
import type { DbHandle } from '../../../db/client';
import { createTestDatabase } from '../../factories/test-db';

const AVATAR_URL = /^\/media\/avatars\/[A-Z]{1,2}-\d{1,3}\.svg$/;

let handle: DbHandle;
let first: SeedSummary;

async function dump(h: DbHandle) {
  const [users, staff, options] = await Promise.all([
    h.db.selectFrom('users').selectAll().orderBy('id').execute(),
    h.db.selectFrom('staff_members').selectAll().orderBy('user_id').execute(),
    h.db.selectFrom('reference_options').selectAll().orderBy('list_name').orderBy('value').execute(),
  ]);
  return { users, staff, options };
}

async function memberCount(h: DbHandle): Promise<number> {
  const row = await h.db
    .selectFrom('users')
    .select(h.db.fn.countAll<string>().as('n'))
    .where('email', 'like', `%@${MEMBER_EMAIL_DOMAIN}`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

beforeAll(async () => {
  handle = await createTestDatabase();
  // A test database is a copy of the run's template, which holds the reference options already; a
  // fresh install has none, and the first seed must write every one of them.
  await handle.db.deleteFrom('reference_options').execute();
  first = await seedDatabase(handle.db);
});

afterAll(async () => {
  await handle?.close();
});

describe('reference options', () => {
  it('stores all 26 lists, each non-empty, in the order the demo seed lists them', async () => {
    const rows = await handle.db
      .selectFrom('reference_options')
      .selectAll()
      .orderBy('list_name')
      .orderBy('position')
      .execute();
    expect(LIST_NAMES).toHaveLength(26);
    expect(first.referenceOptions).toEqual({
      lists: 26,
      options: rows.length,
      written: rows.length,
      deleted: 0,
    });
    expect(new Set(rows.map((r) => r.list_name))).toEqual(new Set(LIST_NAMES));
    for (const list of LIST_NAMES) {
      const stored = rows.filter((r) => r.list_name === list);
      expect(stored.length, list).toBeGreaterThan(0);
      expect(
        stored.map((r) => ({ value: r.value, label: r.label })),
        list,
      ).toEqual(REFERENCE_LISTS[list]);
    }
  });

  it('lists exactly the 50 states plus DC by USPS code', async () => {
    const states = await handle.db
      .selectFrom('reference_options')
      .select(['value', 'label'])
      .where('list_name', '=', 'states')
      .execute();
    expect(states).toHaveLength(51);
    expect(states).toContainEqual({ value: 'DC', label: 'District of Columbia' });
    expect(states).toContainEqual({ value: 'WY', label: 'Wyoming' });
    for (const s of states) expect(s.value).toMatch(/^[A-Z]{2}$/);
  });

  it('has the nine order statuses in lifecycle order and the numeric role codes', async () => {
    const list = (name: string) =>
      handle.db
        .selectFrom('reference_options')
        .select(['value', 'label'])
        .where('list_name', '=', name)
        .orderBy('position')
        .execute();
    expect((await list('orderstatusoptions')).map((o) => o.label)).toEqual([
      'Pending payment',
      'Paid',
      'Processing',
      'Shipped',
      'Delivered',
      'Cancelled',
      'Refunded',
      'Return requested',
      'Returned',
    ]);
    expect((await list('role')).map((o) => `${o.value}:${o.label}`)).toEqual([
      '1:Individual',
      '2:Candidate',
      '3:Vendor',
      '4:Admin staff',
      '5:Organization',
    ]);
  });
});

describe('demo accounts', () => {
  it('creates every demo account with its flags, staff role and the demo password', async () => {
    expect(first.demoAccounts.passwordHashed).toBe(true);
    for (const account of DEMO_ACCOUNTS) {
      const user = await handle.db
        .selectFrom('users')
        .selectAll()
        .where(sql`lower(email)`, '=', account.user.email)
        .executeTakeFirstOrThrow();
      expect(user.email).toMatch(/@demo\.campaignhq\.test$/);
      expect(user.kind).toBe(account.user.kind);
      expect(user.is_vendor).toBe(account.user.is_vendor);
      expect(user.is_candidate).toBe(account.user.is_candidate);
      expect(user.is_admin).toBe(account.staff !== undefined);
      expect(user.email_verified_at).toBeInstanceOf(Date);
      expect(user.blocked_at).toBeNull();
      expect(await verifyPassword(user.password_hash!, DEMO_PASSWORD)).toBe(true);

      const staff = await handle.db
        .selectFrom('staff_members')
        .selectAll()
        .where('user_id', '=', user.id)
        .executeTakeFirst();
      if (account.staff) {
        expect(staff).toMatchObject({ ...account.staff, extra_permissions: [] });
      } else {
        expect(staff).toBeUndefined();
      }
    }
  });

  it('covers member, organization, vendor, candidate and all seven staff roles', async () => {
    const byLocal = (local: string) => DEMO_ACCOUNTS.find((a) => a.user.email.startsWith(`${local}@`))!;
    expect(byLocal('member').user).toMatchObject({ first_name: 'Jordan', last_name: 'Rivera' });
    expect(byLocal('organization').user).toMatchObject({
      kind: 'organization',
      org_name: 'Citizens for Clean Water',
    });
    expect(byLocal('vendor').user).toMatchObject({ is_vendor: true, handle: 'liberty-print-shop' });
    expect(byLocal('candidate').user).toMatchObject({
      is_candidate: true,
      candidate_office: 'U.S. House',
      candidate_district: 'OH-03',
      state: 'OH',
    });
    const roles = DEMO_ACCOUNTS.flatMap((a) => (a.staff ? [a.staff.role] : []));
    expect(roles.sort()).toEqual([
      'ANALYTICS',
      'FINANCE',
      'MARKETING',
      'SALES',
      'SECURITY',
      'SUPER_ADMIN',
      'SUPPORT',
    ]);
    expect(byLocal('admin').staff?.role).toBe('SUPER_ADMIN');
  });
});

describe('generated members', () => {
  it('inserts exactly the requested number of members, none able to sign in', async () => {
    expect(await memberCount(handle)).toBe(DEFAULT_MEMBER_COUNT);
    const withPassword = await handle.db
      .selectFrom('users')
      .select('email')
      .where('email', 'like', `%@${MEMBER_EMAIL_DOMAIN}`)
      .where('password_hash', 'is not', null)
      .execute();
    expect(withPassword).toEqual([]);
  });

  it('gives every account an avatar URL and only reference values for state, party and position', async () => {
    const users = await handle.db.selectFrom('users').selectAll().execute();
    const values = (list: 'states' | 'party' | 'position') =>
      new Set(REFERENCE_LISTS[list].map((o) => o.value));
    for (const u of users) {
      expect(u.profile_image, u.email).toMatch(AVATAR_URL);
      if (u.state) expect(values('states').has(u.state), u.state).toBe(true);
      if (u.party) expect(values('party').has(u.party), u.party).toBe(true);
      if (u.position) expect(values('position').has(u.position), u.position).toBe(true);
    }
    for (const [cause, position] of ORG_CAUSES) expect(values('position').has(position), cause).toBe(true);
    const orgs = users.filter((u) => u.kind === 'organization').length;
    const candidates = users.filter((u) => u.is_candidate).length;
    expect(orgs).toBeGreaterThan(5);
    expect(candidates).toBeGreaterThan(0);
  });

  it('is deterministic and independent of batching', () => {
    const once = [...generateMembers(250, 0, 100)].flat();
    const again = [...generateMembers(250, 0, 1000)].flat();
    expect(once).toEqual(again);
    expect([...generateMembers(50, 200)].flat()).toEqual(once.slice(200));
    expect(memberAt(7)).toEqual(once[7]);
    expect(new Set(once.map((m) => m.email)).size).toBe(once.length);
  });
});

describe('avatars', () => {
  it('uses person initials, significant org words and a stable hue', () => {
    expect(avatarUrlFor('Jordan Rivera', 'member@demo.campaignhq.test')).toMatch(
      /^\/media\/avatars\/JR-\d+\.svg$/,
    );
    expect(avatarUrlFor('Citizens for Clean Water', 'x@y.test', 'organization')).toMatch(/\/CC-\d+\.svg$/);
    expect(avatarUrlFor('Sofía Peña', 'a@b.test')).toMatch(/\/SP-\d+\.svg$/);
    expect(avatarUrlFor('李', 'a@b.test')).toMatch(AVATAR_URL);
    expect(avatarUrlFor('A B', 'Same@Key.test')).toBe(avatarUrlFor('A B', 'same@key.test'));
  });
});

describe('idempotence', () => {
  it('changes nothing at all when run a second time', async () => {
    const before = await dump(handle);
    const second = await seedDatabase(handle.db);
    expect(await dump(handle)).toEqual(before);
    expect(second.demoAccounts).toMatchObject({ inserted: 0, updated: 0, passwordHashed: false });
    expect(second.members).toMatchObject({ inserted: 0, updated: 0 });
    expect(second.referenceOptions).toMatchObject({ written: 0, deleted: 0 });
  });

  it('restores edited rows, drops stale options and repairs a broken demo password without re-hashing', async () => {
    const member = DEMO_ACCOUNTS[0]!.user.email;
    const before = await dump(handle);
    await handle.db
      .insertInto('reference_options')
      .values({ list_name: 'party', value: 'whig', label: 'Whig', position: 99 })
      .execute();
    await handle.db
      .updateTable('reference_options')
      .set({ label: 'Dems' })
      .where('list_name', '=', 'party')
      .where('value', '=', 'democratic')
      .execute();
    await handle.db
      .updateTable('users')
      .set({ bio: 'edited', password_hash: 'not-a-hash' })
      .where('email', '=', member)
      .execute();

    const result = await seedDatabase(handle.db);
    expect(result.referenceOptions).toMatchObject({ written: 1, deleted: 1 });
    expect(result.demoAccounts).toMatchObject({ inserted: 0, updated: 1, passwordHashed: false });

    const after = await dump(handle);
    expect(after.options).toEqual(before.options);
    expect(after.staff).toEqual(before.staff);
    const restored = after.users.find((u) => u.email === member)!;
    const original = before.users.find((u) => u.email === member)!;
    expect(restored.bio).toBe(original.bio);
    // The shared hash of the other demo accounts is reused instead of hashing again.
    expect(restored.password_hash).toBe(original.password_hash);
    expect(restored.updated_at.getTime()).toBeGreaterThan(original.updated_at.getTime());
    expect(after.users.filter((u) => u.email !== member)).toEqual(
      before.users.filter((u) => u.email !== member),
    );
  });

  it('adds members without touching the existing ones when asked for more', async () => {
    const before = await dump(handle);
    const result = await seedDatabase(handle.db, { members: DEFAULT_MEMBER_COUNT + 40 });
    expect(result.members).toMatchObject({ inserted: 40, updated: 0 });
    expect(await memberCount(handle)).toBe(DEFAULT_MEMBER_COUNT + 40);
    const after = await dump(handle);
    expect(after.users.slice(0, before.users.length)).toEqual(before.users);
  });
});
