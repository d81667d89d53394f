import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackgroundJobs } from '../../../api/doors/queue-handlers';
import { MAINTENANCE_CRON, MAINTENANCE_QUEUE } from '../../../api/doors/queue-handlers/maintenance';
import { outboxEmail } from '../../../api/ports/email/outbox';
import type { JobsPort } from '../../../api/ports/queue';
import { type DbHandle, openDatabase } from '../../../db/client';
import { migrateToLatest } from '../../../db/migrate';
import { latch, testJobs, waitUntil } from '../../factories/queue';
import { createTestDatabase } from '../../factories/test-db';

/**
 * The durable job queue (api/ports/queue, docs/decisions/0019-job-queue.md) on a real database: PGlite by default,
 * PostgreSQL when DATABASE_URL is set. Polling every 0.5 s keeps these quick.
 */
describe('a job queued before a restart', () => {
  const dir = mkdtempSync(join(tmpdir(), 'jobs-restart-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // PGlite on disk (or the test's PostgreSQL): the second open sees what the first wrote.
  const open = async (url?: string): Promise<DbHandle> => {
    const handle = await openDatabase({ databaseUrl: url, dataDir: dir, maxConnections: 3 });
    await migrateToLatest(handle.db);
    return handle;
  };

  it('runs after the restart, exactly once', async () => {
    const scratch = process.env.DATABASE_URL ? await createTestDatabase() : undefined;
    const url = (scratch as { url?: string } | undefined)?.url;
    try {
      const before = await open(url);
      const first = testJobs(before);
      await first.defineQueue('restart-test');
      const id = await first.send('restart-test', { n: 1 });
      await first.stop();
      await before.close();

      const after = await open(url);
      const second = testJobs(after);
      const runs: string[] = [];
      await second.work<{ n: number }>('restart-test', async (job) => {
        runs.push(job.id);
      });
      await waitUntil(
        () => second.getJob('restart-test', id!),
        (job) => job?.state === 'completed',
      );
      // Another couple of polls: nothing runs it again.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(runs).toEqual([id]);
      await second.stop();
      await after.close();
    } finally {
      await scratch?.close();
    }
  });
});

describe('the job queue', () => {
  let database: DbHandle;
  let jobs: JobsPort;
  beforeAll(async () => {
    database = await createTestDatabase();
    jobs = testJobs(database);
    await jobs.start();
  });
  afterAll(async () => {
    await jobs.stop({ timeoutMs: 1000 });
    await database.close();
  });

  it('retries a failing job with growing gaps, then keeps it failed with its error', async () => {
    await jobs.defineQueue('always-fails', { retryLimit: 3, retryDelaySeconds: 1, retryBackoff: true });
    const attempts: number[] = [];
    await jobs.work('always-fails', async () => {
      attempts.push(Date.now());
      throw new Error(`refused on attempt ${attempts.length}`);
    });
    const id = (await jobs.send('always-fails', {}))!;
    const failed = await waitUntil(
      () => jobs.getJob('always-fails', id),
      (job) => job?.state === 'failed',
      40_000,
    );
    expect(attempts).toHaveLength(4);
    const gaps = attempts.slice(1).map((at, i) => at - attempts[i]!);
    // Backoff: 1-2 s, then 2-4 s, then 4-8 s (pg-boss doubles the delay, with jitter).
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(900);
    expect(gaps[2]!).toBeGreaterThan(gaps[0]!);
    expect(failed).toMatchObject({ retryCount: 3, retryLimit: 3, error: 'refused on attempt 4' });
    const { jobs: listed } = await jobs.listJobs({ states: ['failed'], offset: 0, limit: 10 });
    expect(listed.find((job) => job.id === id)?.error).toBe('refused on attempt 4');
  }, 60_000);

  it('wakes this process’s idle worker when a job is sent from here, without waiting for its poll', async () => {
    await jobs.defineQueue('woken-at-once');
    const runs: string[] = [];
    // A poll a minute: only the wake-up on send can run the job within the 10 s waited below.
    await jobs.work(
      'woken-at-once',
      async (job) => {
        runs.push(job.id);
      },
      { pollingIntervalSeconds: 60 },
    );
    // Its first poll (on start) found nothing; it now sleeps.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const id = (await jobs.send('woken-at-once', {}))!;
    await waitUntil(
      () => jobs.getJob('woken-at-once', id),
      (job) => job?.state === 'completed',
      10_000,
    );
    expect(runs).toEqual([id]);
  });

  it('shows progress while the job runs', async () => {
    await jobs.defineQueue('slow-with-progress');
    const release = latch();
    await jobs.work('slow-with-progress', async (job) => {
      await job.progress({ done: 3, total: 10, message: 'three of ten' });
      await release.opened;
    });
    const id = (await jobs.send('slow-with-progress', {}))!;
    const running = await waitUntil(
      () => jobs.listJobs({ states: ['active'], offset: 0, limit: 10 }),
      (page) => page.jobs.some((job) => job.id === id && job.progress !== null),
    );
    expect(running.jobs.find((job) => job.id === id)?.progress).toMatchObject({
      done: 3,
      total: 10,
      message: 'three of ten',
    });
    release.open();
    await waitUntil(
      () => jobs.getJob('slow-with-progress', id),
      (job) => job?.state === 'completed',
    );
  });

  it('schedules maintenance every 5 minutes, and a maintenance job does the maintenance', async () => {
    await startBackgroundJobs(
      jobs,
      { db: database.db, email: outboxEmail() },
      { pollingIntervalSeconds: 0.5 },
    );
    expect(await jobs.schedules()).toContainEqual({ queue: MAINTENANCE_QUEUE, cron: MAINTENANCE_CRON });
    const { id: userId } = await database.db
      .insertInto('users')
      .values({ email: 'jobs@example.org', kind: 'individual', first_name: 'J', last_name: 'Q' } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto('sessions')
      .values({
        id: 'expired',
        user_id: userId,
        expires_at: new Date(Date.now() - 1000),
        ip: null,
        user_agent: null,
      })
      .execute();
    const id = (await jobs.send(MAINTENANCE_QUEUE, {}))!;
    await waitUntil(
      () => jobs.getJob(MAINTENANCE_QUEUE, id),
      (job) => job?.state === 'completed',
    );
    expect(await database.db.selectFrom('sessions').select('id').execute()).toEqual([]);
  });
});
