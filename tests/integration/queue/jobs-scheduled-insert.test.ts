import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../../db/client';
import { createTestDatabase } from '../../factories/test-db';

/**
 * The cron clock queues a due schedule through pg-boss's `insert()` (its timekeeper), the one call
 * that hands the database a JSON text. On PostgreSQL that text used to be encoded a second time and
 * every scheduled job (renewals, upkeep, maintenance) was refused (db/client.ts sends it as it is
 * now). This drives that same call over our DbHandle, on PGlite and on PostgreSQL.
 */
describe('jobs queued the way the cron clock queues them', () => {
  let database: DbHandle & { url?: string };
  let boss: PgBoss;

  beforeAll(async () => {
    database = await createTestDatabase();
    boss = new PgBoss({ db: database, migrate: true, supervise: false, schedule: false });
    await boss.start();
    await boss.createQueue('scheduled-insert-probe');
  });
  afterAll(async () => {
    await boss.stop({ graceful: false, wait: true });
    await database.close();
  });

  it('are stored with their data, ready to be worked', async () => {
    await boss.insert([
      { name: 'scheduled-insert-probe', data: { renewals: 'due', count: 2 } },
      { name: 'scheduled-insert-probe', data: { renewals: 'next' } },
    ]);
    const jobs = await boss.fetch<{ renewals: string; count?: number }>('scheduled-insert-probe', {
      batchSize: 5,
    });
    expect(jobs.map((job) => job.data).sort((a, b) => a.renewals.localeCompare(b.renewals))).toEqual([
      { renewals: 'due', count: 2 },
      { renewals: 'next' },
    ]);
  });
});
