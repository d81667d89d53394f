import { describe, expect, it } from 'vitest';
import {
  FOLLOW_UP_CRON,
  FOLLOW_UP_QUEUE,
  GIFT_EXPIRY_CRON,
  GIFT_EXPIRY_QUEUE,
  registerDonationJobs,
} from '../../../api/doors/queue-handlers/donation-upkeep';
import { cancelRecurringGift, recurringByToken } from '../../../api/modules/donations/cancel-recurring';
import { answerFollowUp, sendDonationFollowUps } from '../../../api/modules/donations/follow-up';
import { linkToken } from '../../../api/modules/donations/references';
import { chargeDueRenewals } from '../../../api/modules/payments/test-gateway-subscriptions';
import { aCandidate } from '../../factories/donations';

import { deps, gift, mailTo, monthly, PRIMARY_DAY, setUpGivingApp, t } from '../../factories/giving-harness';

/** Giving on a real database: monthly gifts, the donation jobs and the best-efforts follow-up. */
setUpGivingApp();

describe('monthly gifts', () => {
  it('renew each month, and stop with an email when a renewal would pass the limit', async () => {
    const c = await aCandidate(t.db);
    const email = 'monthly@example.test';
    const start = new Date('2099-01-10T15:00:00Z');
    const { recurringReference, subscription } = await monthly(
      c.handle,
      { email, amountCents: 100_000, employer: 'Acme', occupation: 'Nurse' },
      start,
    );
    for (const month of ['02', '03', '04', '05'])
      await chargeDueRenewals(deps, new Date(`2099-${month}-10T16:00:00Z`));
    const rows = await t.db
      .selectFrom('donations')
      .selectAll()
      .where('email', '=', email)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.status, r.election, r.amount_cents])).toEqual([
      ['paid', 'primary', 100_000],
      ['paid', 'primary', 100_000],
      ['paid', 'primary', 100_000],
    ]);
    const recurring = await t.db
      .selectFrom('recurring_donations')
      .selectAll()
      .where('reference', '=', recurringReference)
      .executeTakeFirstOrThrow();
    expect(recurring.status).toBe('limit_reached');
    const sub = await t.db
      .selectFrom('test_gateway_subscriptions')
      .select('status')
      .where('id', '=', subscription!)
      .executeTakeFirstOrThrow();
    expect(sub.status).toBe('cancelled');
    // The fourth month was charged before it could be refused: it goes back through the provider.
    const refunds = await t.db
      .selectFrom('payment_refunds')
      .select(['reason', 'amount_cents', 'status', 'unkept_charge'])
      .where('payable_reference', '=', recurringReference)
      .execute();
    expect(refunds).toEqual([
      {
        reason: 'over-limit',
        amount_cents: 100_000,
        status: 'pending',
        unkept_charge: `evt_${subscription}_4`,
      },
    ]);
    const mail = await mailTo(email);
    expect(mail.map((m) => m.subject)).toContain('Your monthly gift to Casey Candidate has stopped');
    expect(mail.at(-1)?.text_body).toContain('$3,500 federal limit for the primary election');
  });

  it('cancels from the receipt link, idempotently; a forged token opens nothing', async () => {
    const c = await aCandidate(t.db);
    const email = 'cancels@example.test';
    const { recurringReference, subscription } = await monthly(c.handle, { email }, PRIMARY_DAY);
    const [receipt] = await mailTo(email);
    const link = receipt?.text_body.match(/https?:\/\/\S+\/cancel\?token=\S+/)?.[0];
    expect(link).toBeDefined();
    const token = new URL(link!).searchParams.get('token');
    const config = { db: t.db, config: t.config };
    expect(await recurringByToken(t.db, t.config.appSecret, recurringReference, 'forged')).toBeNull();
    expect(
      await recurringByToken(
        t.db,
        t.config.appSecret,
        recurringReference,
        linkToken('wrong-secret', 'donation-cancel', recurringReference),
      ),
    ).toBeNull();
    expect(await cancelRecurringGift(config, recurringReference, 'forged')).toBeNull();
    expect(await cancelRecurringGift(config, recurringReference, token)).toMatchObject({
      status: 'cancelled',
    });
    expect(await cancelRecurringGift(config, recurringReference, token)).toMatchObject({
      status: 'cancelled',
    });
    const sub = await t.db
      .selectFrom('test_gateway_subscriptions')
      .select('status')
      .where('id', '=', subscription!)
      .executeTakeFirstOrThrow();
    expect(sub.status).toBe('cancelled');
  });
});

describe('the donation jobs', () => {
  it('schedule reservation expiry every 5 minutes and the follow-ups daily', async () => {
    await t.jobs.start();
    await registerDonationJobs(t.jobs, { db: t.db, email: deps.email, payments: t.config });
    expect(await t.jobs.schedules()).toEqual(
      expect.arrayContaining([
        { queue: GIFT_EXPIRY_QUEUE, cron: GIFT_EXPIRY_CRON },
        { queue: FOLLOW_UP_QUEUE, cron: FOLLOW_UP_CRON },
      ]),
    );
  });
});

describe('the best-efforts follow-up', () => {
  it('is sent once when renewals take a donor past $200, and the answer fills the gifts', async () => {
    const c = await aCandidate(t.db);
    const email = 'followup@example.test';
    const start = new Date();
    const { started } = await monthly(
      c.handle,
      { email, amountCents: 15_000 },
      new Date(start.getTime() - 40 * 86_400_000),
    );
    // A second monthly charge, 10 days ago, takes the cycle to $300 without employer or occupation.
    const recurringId = (await gift(started.reference)).recurring_id;
    await t.db
      .updateTable('test_gateway_subscriptions')
      .set({ next_charge_at: new Date(start.getTime() - 10 * 86_400_000) })
      .where(
        'payable_reference',
        '=',
        (
          await t.db
            .selectFrom('recurring_donations')
            .select('reference')
            .where('id', '=', recurringId!)
            .executeTakeFirstOrThrow()
        ).reference,
      )
      .execute();
    await t.db
      .updateTable('candidate_elections')
      .set({ primary_on: '2099-06-01' })
      .where('candidate_id', '=', c.id)
      .execute();
    await chargeDueRenewals(deps, start);
    const before = await mailTo(email);
    expect(
      await sendDonationFollowUps({ db: t.db, email: deps.email, config: t.config }, start),
    ).toBeGreaterThanOrEqual(1);
    expect(await sendDonationFollowUps({ db: t.db, email: deps.email, config: t.config }, start)).toBe(0);
    const after = await mailTo(email);
    const followUps = after.slice(before.length).filter((m) => m.subject.startsWith('One question'));
    expect(followUps).toHaveLength(1);
    const link = new URL(followUps[0]!.text_body.match(/https?:\/\/\S+follow-up\/\S+/)![0]);
    const reference = link.pathname.split('/').at(-1)!;
    expect(await answerFollowUp(t.db, t.config.appSecret, reference, 'forged', {})).toBeNull();
    await expect(
      answerFollowUp(t.db, t.config.appSecret, reference, link.searchParams.get('token'), { employer: '' }),
    ).rejects.toMatchObject({
      fieldErrors: { employer: [expect.any(String)], occupation: [expect.any(String)] },
    });
    const answered = await answerFollowUp(
      t.db,
      t.config.appSecret,
      reference,
      link.searchParams.get('token'),
      {
        employer: 'City Hospital',
        occupation: 'Nurse',
      },
    );
    expect(answered?.updated).toBe(2);
    const rows = await t.db.selectFrom('donations').selectAll().where('email', '=', email).execute();
    expect(rows.map((r) => [r.employer, r.occupation, r.follow_up_answered_at !== null])).toEqual([
      ['City Hospital', 'Nurse', true],
      ['City Hospital', 'Nurse', true],
    ]);
  });
});
