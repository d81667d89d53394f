import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobView } from '../../../api/contract/queue';
import { demoAccounts } from '../../factories/accounts';
import { waitUntil } from '../../factories/queue';
import { listPath, rest, STAFF_EMAIL, signedIn } from '../../factories/staff';
import { createTestApp, type TestApp, type TestBrowser } from '../../factories/test-app';

/**
 * The job queue on the console's tests screen: VIEW_TESTS lists jobs with their state, error and
 * progress; RUN_TESTS puts a failed job back in its queue, where it runs again; everyone else 403.
 */
let t: TestApp;
let admin: TestBrowser;
let viewer: TestBrowser;
let other: TestBrowser;
let failedId: string;
let succeedNow = false;

beforeAll(async () => {
  t = await createTestApp();
  await demoAccounts(t.db, 'admin', 'security', 'finance');
  admin = await signedIn(t, STAFF_EMAIL.SUPER_ADMIN);
  // Security staff with VIEW_TESTS granted on top of the role: may read the queue, not retry.
  await t.db
    .updateTable('staff_members')
    .set({ extra_permissions: ['VIEW_TESTS'] })
    .where('user_id', '=', t.db.selectFrom('users').select('id').where('email', '=', STAFF_EMAIL.SECURITY))
    .execute();
  viewer = await signedIn(t, STAFF_EMAIL.SECURITY);
  other = await signedIn(t, STAFF_EMAIL.FINANCE);

  // A job that fails until the test says otherwise, with no retries of its own.
  await t.jobs.defineQueue('console-test', { retryLimit: 0 });
  await t.jobs.work('console-test', async () => {
    if (!succeedNow) throw new Error('the SMTP server said no');
  });
  failedId = (await t.jobs.send('console-test', {}))!;
  await waitUntil(
    () => t.jobs.getJob('console-test', failedId),
    (job) => job?.state === 'failed',
  );
});
afterAll(() => t?.close());

describe('the jobs list and retry on /admin/tests', () => {
  it('lists jobs with their state and error for VIEW_TESTS, in the simple-rest contract', async () => {
    for (const browser of [admin, viewer]) {
      const res = await rest(
        browser,
        'GET',
        listPath('jobs', { range: [0, 9], filter: { state: ['failed'] } }),
      );
      expect(res.status).toBe(200);
      expect(res.headers.get('content-range')).toMatch(/^jobs 0-\d+\/\d+$/);
      const job = (res.json as JobView[]).find((j) => j.id === failedId);
      expect(job).toMatchObject({ queue: 'console-test', state: 'failed', error: 'the SMTP server said no' });
    }
    expect((await rest(other, 'GET', listPath('jobs'))).status).toBe(403);
  });

  it('lets only RUN_TESTS retry a failed job, which then runs', async () => {
    expect((await rest(viewer, 'POST', '/job-retries', { id: failedId })).status).toBe(403);
    expect((await rest(other, 'POST', '/job-retries', { id: failedId })).status).toBe(403);
    succeedNow = true;
    const res = await rest(admin, 'POST', '/job-retries', { id: failedId });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ id: failedId });
    const done = await waitUntil(
      () => t.jobs.getJob('console-test', failedId),
      (job) => job?.state === 'completed',
    );
    expect(done?.retryCount).toBe(1);
    // Not failed any more: a second retry finds nothing to retry.
    expect((await rest(admin, 'POST', '/job-retries', { id: failedId })).status).toBe(404);
  });

  it('refuses a retry of something that is not a job id', async () => {
    expect((await rest(admin, 'POST', '/job-retries', { id: 'not-a-uuid' })).status).toBe(400);
  });
});
