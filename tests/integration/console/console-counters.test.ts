import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { membersByState } from '../../../api/modules/dashboard/member-counts';
import { dashboardSummary } from '../../../api/modules/dashboard/stats';
import { upsertUsers } from '../../../api/seed/user-rows';
import type { Db, DbHandle } from '../../../db/client';
import * as counters from '../../../migrations/0027_counters_and_monthly_pages';
import { makeMember } from '../../factories/social';
import { createTestDatabase } from '../../factories/test-db';

/**
 * The console's member counters (migrations/0027_counters_and_monthly_pages.ts,
 * docs/decisions/0037-console-counters.md) against the count(*) over users they replace: after
 * single and bulk inserts, upserts, blocks, changes of kind, role, state and sign-up time,
 * deletions, rolled-back writes, concurrent sign-ups and the migration's backfill.
 */
let handle: DbHandle;
let db: Db;

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
});
afterAll(() => handle?.close());

/** What the dashboard and Users Location showed before the counters: straight from users. */
async function countedInUsers() {
  const totals = await sql<Record<string, number>>`
    SELECT count(*) FILTER (WHERE NOT is_admin)::int AS members,
           count(*) FILTER (WHERE kind = 'organization')::int AS organizations,
           count(*) FILTER (WHERE is_candidate)::int AS candidates,
           count(*) FILTER (WHERE is_admin)::int AS staff,
           count(*) FILTER (WHERE NOT is_admin AND created_at > now() - interval '30 days')::int AS recent,
           count(*) FILTER (WHERE blocked_at IS NOT NULL)::int AS blocked
    FROM users`.execute(db);
  const months = await sql<{ month: string; count: number }>`
    SELECT to_char(m.month, 'YYYY-MM') AS month, count(u.id)::int AS count
    FROM generate_series(date_trunc('month', now()) - interval '11 months', date_trunc('month', now()), interval '1 month') AS m(month)
    LEFT JOIN users u ON NOT u.is_admin AND date_trunc('month', u.created_at) = m.month
    GROUP BY m.month ORDER BY m.month`.execute(db);
  const states = await sql<{ id: string; name: string; members: number; share: number }>`
    SELECT s.value AS id, s.label AS name, count(u.id)::int AS members,
           round(100.0 * count(u.id) / greatest(1, sum(count(u.id)) OVER ()), 1)::float8 AS share
    FROM reference_options s LEFT JOIN users u ON u.state = s.value AND NOT u.is_admin
    WHERE s.list_name = 'states'
    GROUP BY s.value, s.label ORDER BY s.value`.execute(db);
  const t = totals.rows[0]!;
  return {
    members: t.members,
    organizations: t.organizations,
    candidates: t.candidates,
    staff: t.staff,
    newMembersLast30Days: t.recent,
    blockedAccounts: t.blocked,
    signupsByMonth: months.rows,
    states: states.rows,
  };
}

async function readFromCounters() {
  const s = await dashboardSummary(db);
  const states = await membersByState(db).orderBy('id').execute();
  return {
    members: s.members,
    organizations: s.organizations,
    candidates: s.candidates,
    staff: s.staff,
    newMembersLast30Days: s.newMembersLast30Days,
    blockedAccounts: s.blockedAccounts,
    signupsByMonth: s.signupsByMonth,
    states,
  };
}

async function expectCountersEqualUsers() {
  const expected = await countedInUsers();
  expect(await readFromCounters()).toEqual(expected);
  return expected;
}

/** n users through one statement, spread over kinds, roles, states and the last 400 days. */
async function bulkInsert(n: number, tag: string) {
  await sql`
    INSERT INTO users (email, kind, first_name, last_name, org_name, is_candidate, is_admin, state, blocked_at, created_at)
    SELECT ${tag} || i || '@counters.test',
           CASE WHEN i % 5 = 0 THEN 'organization' ELSE 'individual' END,
           CASE WHEN i % 5 = 0 THEN NULL ELSE 'Bulk' END, CASE WHEN i % 5 = 0 THEN NULL ELSE 'Member' || i END,
           CASE WHEN i % 5 = 0 THEN 'Org ' || i END,
           i % 7 = 0, i % 11 = 0,
           (ARRAY['OH', 'TX', 'CA', NULL, 'ZZ', 'NY'])[1 + i % 6],
           CASE WHEN i % 13 = 0 THEN now() END,
           now() - ((i * 197) % (400 * 24 * 60)) * interval '1 minute'
    FROM generate_series(1, ${n}) i`.execute(db);
}

describe('member counters', () => {
  it('start equal to users, and follow single and bulk inserts', async () => {
    const empty = await expectCountersEqualUsers();
    expect(empty.members).toBe(0);
    await makeMember(db, { state: 'OH' });
    await makeMember(db, { is_admin: true, state: 'OH' });
    await makeMember(db, {
      kind: 'organization',
      org_name: 'Union',
      first_name: null,
      last_name: null,
      state: 'TX',
    });
    await makeMember(db, { is_candidate: true, state: 'CA', blocked_at: new Date() });
    await expectCountersEqualUsers();
    await bulkInsert(3_000, 'bulk');
    const after = await expectCountersEqualUsers();
    expect(after.members).toBeGreaterThan(2_500);
    expect(after.newMembersLast30Days).toBeGreaterThan(100);
    expect(after.signupsByMonth.filter((m) => m.count > 0)).toHaveLength(12);
  });

  it('count the day the 30-day window starts in to the second', async () => {
    // Sign-ups just inside and just outside now() - 30 days, and at the start of that UTC day.
    await sql`
      INSERT INTO users (email, kind, first_name, last_name, created_at)
      SELECT 'edge' || i || '@counters.test', 'individual', 'Edge', 'Member', t
      FROM (VALUES (1, now() - interval '30 days' + interval '2 minutes'),
                   (2, now() - interval '30 days' - interval '2 minutes'),
                   (3, date_trunc('day', now() - interval '30 days')),
                   (4, date_trunc('day', now() - interval '30 days') + interval '1 day' - interval '1 second'))
           AS e(i, t)`.execute(db);
    await expectCountersEqualUsers();
  });

  it('follow blocks, unblocks and changes of kind, role, state and sign-up time', async () => {
    await db.updateTable('users').set({ blocked_at: new Date() }).where(sql<boolean>`id % 3 = 0`).execute();
    await expectCountersEqualUsers();
    await db.updateTable('users').set({ blocked_at: null }).where(sql<boolean>`id % 9 = 0`).execute();
    await db.updateTable('users').set({ state: 'WA' }).where(sql<boolean>`id % 4 = 1`).execute();
    await db.updateTable('users').set({ state: null }).where(sql<boolean>`id % 17 = 2`).execute();
    await db.updateTable('users').set({ is_admin: true }).where(sql<boolean>`id % 19 = 3`).execute();
    await db
      .updateTable('users')
      .set({ is_candidate: sql`NOT is_candidate` })
      .where(sql<boolean>`id % 23 = 4`)
      .execute();
    await db
      .updateTable('users')
      .set({ kind: 'organization', org_name: 'Renamed' })
      .where('kind', '=', 'individual')
      .where(sql<boolean>`id % 29 = 5`)
      .execute();
    await db
      .updateTable('users')
      .set({ created_at: sql`created_at - interval '45 days'` })
      .where(sql<boolean>`id % 31 = 6`)
      .execute();
    // An update of columns the counters ignore leaves them as they are.
    await db.updateTable('users').set({ bio: 'Updated' }).execute();
    await expectCountersEqualUsers();
  });

  it('follow upserts of the seed path (insert and update in one statement)', async () => {
    const existing = await db
      .selectFrom('users')
      .select('email')
      .where('email', 'like', 'bulk1%')
      .limit(50)
      .execute();
    const now = new Date().toISOString();
    const row = (email: string, i: number) => ({
      email,
      password_hash: null,
      kind: 'individual' as const,
      first_name: 'Seed',
      last_name: `Row ${i}`,
      org_name: null,
      handle: null,
      is_vendor: false,
      is_candidate: i % 2 === 0,
      is_admin: false,
      state: i % 3 === 0 ? 'NY' : 'OH',
      party: null,
      position: null,
      bio: null,
      profile_image: '',
      candidate_office: null,
      candidate_district: null,
      email_verified_at: null,
      blocked_at: null,
      setup_completed_at: null,
      created_at: now,
      updated_at: now,
    });
    const result = await upsertUsers(db, [
      ...existing.map((e, i) => row(e.email, i)),
      ...Array.from({ length: 40 }, (_, i) => row(`seeded${i}@counters.test`, i)),
    ]);
    expect(result.inserted).toBe(40);
    expect(result.updated).toBeGreaterThan(0);
    await expectCountersEqualUsers();
  });

  it('follow deletions, and ignore writes that roll back', async () => {
    await db.deleteFrom('users').where(sql<boolean>`id % 5 = 2`).execute();
    await expectCountersEqualUsers();
    const before = await readFromCounters();
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.deleteFrom('users').where(sql<boolean>`id % 2 = 0`).execute();
        await makeMember(trx, { state: 'CA' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await readFromCounters()).toEqual(before);
    await expectCountersEqualUsers();
  });

  it('add up concurrent sign-ups on several connections', async () => {
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        db.transaction().execute(async (trx) => {
          await makeMember(trx, { state: i % 2 ? 'TX' : 'OH' });
          await makeMember(trx, { state: i % 2 ? 'OH' : 'TX' });
        }),
      ),
    );
    await expectCountersEqualUsers();
    if (handle.engine === 'postgres') {
      // Several connections wrote: their sign-ups landed on more than one shard row.
      const shards = await db.selectFrom('user_count_totals').select('shard').execute();
      expect(shards.length).toBeGreaterThan(1);
    }
  });

  it('are backfilled from users by the migration', async () => {
    await db.transaction().execute(async (trx) => {
      // Migrations are typed against no schema (they import nothing from the app).
      await counters.down(trx as unknown as Kysely<unknown>);
      await makeMember(trx, { state: 'NY' });
      await counters.up(trx as unknown as Kysely<unknown>);
    });
    const backfilled = await db.selectFrom('user_count_totals').select('shard').execute();
    expect(backfilled.map((r) => r.shard)).toEqual([0]);
    await expectCountersEqualUsers();
    await bulkInsert(500, 'after-backfill');
    await expectCountersEqualUsers();
  });
});
