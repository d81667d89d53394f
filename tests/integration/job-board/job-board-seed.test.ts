import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entitlementsOf } from '../../../api/modules/membership/entitlements';
import { seedDemoJobs } from '../../../api/seed/demo-jobs';
import { seedDatabase } from '../../../api/seed/seed';
import type { DbHandle } from '../../../db/client';
import { createTestDatabase } from '../../factories/test-db';

/** The demo board (api/seed/demo-jobs.ts): a few dozen postings that keep the rules the app enforces. */
let handle: DbHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
  await seedDatabase(handle.db, { members: 120 });
}, 180_000);
afterAll(() => handle?.close());

describe('demo jobs', () => {
  it('spread a few dozen postings over states, kinds, pay and employers, each employer within its allowance', async () => {
    const db = handle.db;
    const postings = await db.selectFrom('job_postings').selectAll().execute();
    expect(postings.length).toBeGreaterThanOrEqual(24);
    expect(new Set(postings.map((p) => p.state)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(postings.map((p) => p.employment)).size).toBeGreaterThanOrEqual(5);
    expect(postings.some((p) => p.remote)).toBe(true);
    expect(postings.some((p) => p.pay_min_cents === null)).toBe(true);
    expect(postings.some((p) => p.status === 'closed')).toBe(true);
    const open = await db
      .selectFrom('job_postings')
      .select(['employer_id', sql<number>`count(*)::int`.as('n')])
      .where('status', '=', 'open')
      .groupBy('employer_id')
      .execute();
    for (const row of open) {
      expect(Number(row.n)).toBeLessThanOrEqual((await entitlementsOf(db, row.employer_id)).openJobPosts);
    }
  });

  it('give the demo member an application at several statuses, and a rerun inserts nothing', async () => {
    const statuses = await handle.db
      .selectFrom('job_applications as a')
      .innerJoin('users as u', 'u.id', 'a.applicant_id')
      .select('a.status')
      .where('u.email', '=', 'member@demo.campaignhq.test')
      .orderBy('a.status')
      .execute();
    expect(statuses.map((s) => s.status)).toEqual(['rejected', 'shortlisted', 'submitted', 'viewed']);
    expect(await seedDemoJobs(handle.db)).toBe(0);
  });
});
