import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobsPort } from '../../../api/ports/queue';
import type { DbHandle } from '../../../db/client';
import { testJobs } from '../../factories/queue';
import { createTestDatabase } from '../../factories/test-db';

/**
 * A queue an earlier release made keeps its settings in the database; a release that shortens
 * them (the mass email expiry, docs/decisions/0072-crashes-mass-email-resumes-and-port-stays-open.md)
 * must reach installations that already have the queue, or a dead run there still waits the old
 * half hour.
 */
let database: DbHandle;
let jobs: JobsPort;

beforeAll(async () => {
  database = await createTestDatabase();
  jobs = testJobs(database);
});

afterAll(async () => {
  await jobs.stop({ timeoutMs: 1_000 });
  await database.close();
});

async function expiryOfNextJob(queue: string): Promise<number> {
  const id = await jobs.send(queue, {});
  const { rows } = await database.executeSql(
    'SELECT EXTRACT(epoch FROM expire_in)::int AS seconds FROM pgboss.job WHERE id = $1',
    [id],
  );
  return (rows[0] as { seconds: number }).seconds;
}

describe('defining a queue that exists', () => {
  it('gives the jobs queued from then on the expiry and retry delay asked for now', async () => {
    await jobs.defineQueue('settings-test', { expireInSeconds: 1800, retryDelaySeconds: 30 });
    expect(await expiryOfNextJob('settings-test')).toBe(1800);

    await jobs.defineQueue('settings-test', { expireInSeconds: 60, retryDelaySeconds: 2 });
    expect(await expiryOfNextJob('settings-test')).toBe(60);
    const { rows } = await database.executeSql(
      `SELECT retry_delay FROM pgboss.queue WHERE name = 'settings-test'`,
      [],
    );
    expect(rows).toEqual([{ retry_delay: 2 }]);
  });
});
