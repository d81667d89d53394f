import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RENEWALS_CRON,
  RENEWALS_QUEUE,
  registerTestGatewayRenewals,
} from '../../../api/doors/queue-handlers/test-gateway-renewals';
import { PayableOwners } from '../../../api/modules/payments/owners';
import { startTestSubscription } from '../../../api/modules/payments/test-gateway-subscriptions';
import { outboxEmail } from '../../../api/ports/email/outbox';
import { TEST_CARDS } from '../../../api/ports/payments/test-gateway';
import { countingOwner, monthlyPlan } from '../../factories/payables';
import { testJobs, waitUntil } from '../../factories/queue';
import { createTestApp, type TestApp } from '../../factories/test-app';

/**
 * The test gateway's renewals run as a scheduled job on the queue (docs/decisions/0019-job-queue.md and docs/decisions/0020-payables.md): each
 * run charges what is due once, and nothing is scheduled when Stripe renews by itself.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('test gateway renewals on the job queue', () => {
  it('is scheduled every 10 minutes and charges each due period once per run', async () => {
    const { owner, applied } = countingOwner();
    const owners = new PayableOwners().register('subscription', owner);
    const deps = { db: t.db, email: outboxEmail(), payments: t.config, owners };
    const jobs = testJobs(t.database);
    await jobs.start();
    try {
      expect(await registerTestGatewayRenewals(jobs, deps, 0.5)).toBe(true);
      expect(await jobs.schedules()).toContainEqual({ queue: RENEWALS_QUEUE, cron: RENEWALS_CRON });

      // Started two months and a day ago: two renewals are overdue.
      const start = new Date(Date.now() - 62 * 24 * 60 * 60 * 1000);
      const id = await startTestSubscription(
        { ...deps, config: t.config },
        monthlyPlan('renewals-job'),
        TEST_CARDS.succeeds,
        start,
      );
      const mine = () => applied.filter((e) => e.subscriptionId === id);
      expect(mine()).toHaveLength(1);

      const runOnce = async () => {
        const job = (await jobs.send(RENEWALS_QUEUE, {}))!;
        await waitUntil(
          () => jobs.getJob(RENEWALS_QUEUE, job),
          (found) => found?.state === 'completed',
        );
      };
      await runOnce();
      expect(mine()).toHaveLength(2);
      await runOnce();
      expect(mine()).toHaveLength(3);
      // Caught up: the next renewal is in the future, so a third run charges nothing.
      await runOnce();
      expect(mine()).toHaveLength(3);
      expect(new Set(mine().map((e) => e.id)).size).toBe(3);
    } finally {
      await jobs.stop({ timeoutMs: 1000 });
    }
  });

  it('is not scheduled when the payments provider is Stripe', async () => {
    const jobs = testJobs(t.database);
    const stripe = {
      ...t.config,
      STRIPE_SECRET_KEY: 'sk_test_renewals',
      STRIPE_WEBHOOK_SECRET: 'whsec_renewals',
    };
    expect(
      await registerTestGatewayRenewals(jobs, { db: t.db, email: outboxEmail(), payments: stripe }, 0.5),
    ).toBe(false);
  });
});
