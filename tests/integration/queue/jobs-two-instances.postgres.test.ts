import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobsPort } from '../../../api/ports/queue';
import { type DbHandle, openDatabase } from '../../../db/client';
import { testJobs, waitUntil } from '../../factories/queue';
import { createTestDatabase } from '../../factories/test-db';

/**
 * Two app instances, each with its own pool and its own queue workers, on one PostgreSQL
 * database (a scratch database this file creates and drops): 50 jobs, each recorded under a
 * unique key when it runs, and none runs twice. Collected only with DATABASE_URL.
 */
const JOBS = 50;
const QUEUE = 'two-instances';

describe('the job queue across two instances on one PostgreSQL', () => {
  let first: DbHandle & { url?: string };
  let second: DbHandle;
  let queues: JobsPort[] = [];

  beforeAll(async () => {
    first = await createTestDatabase();
    second = await openDatabase({ databaseUrl: first.url!, dataDir: 'unused', maxConnections: 3 });
    await sql`CREATE TABLE job_runs (job_key int PRIMARY KEY, runs int NOT NULL DEFAULT 1)`.execute(first.db);
    queues = [testJobs(first, { supervise: true }), testJobs(second, { supervise: true })];
    // Both start at once: the schema install and the queue must survive a race too.
    await Promise.all(queues.map((q) => q.defineQueue(QUEUE)));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(queues.map((q) => q.stop({ timeoutMs: 1000 })));
    await second?.close();
    await first?.close();
  });

  it('runs each of 50 jobs exactly once', async () => {
    const ranOn: Record<string, number> = { first: 0, second: 0 };
    for (const [index, queue] of queues.entries()) {
      const instance = index === 0 ? 'first' : 'second';
      const db = index === 0 ? first.db : second.db;
      await queue.work<{ key: number }>(QUEUE, async (job) => {
        // A second run of the same job would count 2 here instead of failing quietly.
        await sql`INSERT INTO job_runs (job_key) VALUES (${job.data.key})
          ON CONFLICT (job_key) DO UPDATE SET runs = job_runs.runs + 1`.execute(db);
        ranOn[instance]!++;
        await new Promise((resolve) => setTimeout(resolve, 20));
      });
    }
    for (let key = 0; key < JOBS; key++) await queues[key % 2]!.send(QUEUE, { key });

    await waitUntil(
      async () =>
        (await sql<{ n: number }>`SELECT count(*)::int AS n FROM job_runs`.execute(first.db)).rows[0]!.n,
      (n) => n === JOBS,
      60_000,
    );
    // Let any duplicate run land before counting.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const rows = (
      await sql<{ job_key: number; runs: number }>`SELECT job_key, runs FROM job_runs`.execute(first.db)
    ).rows;
    expect(rows).toHaveLength(JOBS);
    expect(rows.filter((r) => r.runs !== 1)).toEqual([]);
    expect(ranOn.first! + ranOn.second!).toBe(JOBS);
    const { jobs, total } = await queues[0]!.listJobs({
      queue: QUEUE,
      states: ['completed'],
      offset: 0,
      limit: 1,
    });
    expect(total).toBe(JOBS);
    expect(jobs).toHaveLength(1);
  }, 90_000);
});
