import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FOLLOW_UP_CRON,
  FOLLOW_UP_QUEUE,
  GIFT_EXPIRY_CRON,
  GIFT_EXPIRY_QUEUE,
  registerDonationJobs,
} from '../../api/jobs/donation-upkeep';
import { cancelRecurringGift, recurringByToken } from '../../api/modules/donations/cancel-recurring';
import { expireGiftReservations } from '../../api/modules/donations/expire-gifts';
import { answerFollowUp, sendDonationFollowUps } from '../../api/modules/donations/follow-up';
import { committedCents, cycleCommittedCents } from '../../api/modules/donations/ledger';
import { linkToken } from '../../api/modules/donations/references';
import { type GiftDeps, startGift } from '../../api/modules/donations/start-gift';
import { createAppPayableOwners } from '../../api/modules/payable-owners';
import { deliverTestGatewayEvent } from '../../api/modules/payments/test-gateway-delivery';
import {
  chargeDueRenewals,
  startTestSubscription,
} from '../../api/modules/payments/test-gateway-subscriptions';
import type { PaymentWebhookDeps } from '../../api/modules/payments/webhook';
import { outboxEmail } from '../../api/ports/email/outbox';
import { createPaymentsPort } from '../../api/ports/payments';
import {
  SIGNATURE_HEADER,
  signWebhook,
  TEST_CARDS,
  testPayableEvent,
} from '../../api/ports/payments/test-gateway';
import { readPlan } from '../../api/ports/payments/test-gateway-plans';
import { aCandidate, aGift, aMember, seedStates } from '../factories/donations';
import { createTestApp, type TestApp } from '../factories/test-app';

let t: TestApp;
let deps: PaymentWebhookDeps;
let gifts: GiftDeps;

beforeAll(async () => {
  t = await createTestApp();
  await seedStates(t.db);
  deps = { db: t.db, email: outboxEmail(), config: t.config, owners: createAppPayableOwners() };
  gifts = { db: t.db, payments: createPaymentsPort(t.config) };
}, 120_000);
afterAll(() => t?.close());

function pay(reference: string, ok = true) {
  return deliverTestGatewayEvent(
    deps,
    testPayableEvent({ kind: 'donation', reference }, ok ? { ok: true } : { ok: false, reason: 'Declined.' }),
  );
}

function gift(reference: string) {
  return t.db
    .selectFrom('donations')
    .selectAll()
    .where('reference', '=', reference)
    .executeTakeFirstOrThrow();
}

function mailTo(to: string) {
  return t.db
    .selectFrom('email_outbox')
    .select(['subject', 'text_body'])
    .where('to_address', '=', to)
    .orderBy('id')
    .execute();
}

const PRIMARY_DAY = new Date('2099-03-01T15:00:00Z');
const GENERAL_DAY = new Date('2099-08-01T15:00:00Z');
const AFTER_GENERAL = new Date('2099-11-04T15:00:00Z');

describe('the per-election limit', () => {
  it('counts a gift toward the primary, the general when designated or later, and refuses after the general', async () => {
    const c = await aCandidate(t.db);
    const email = 'limits@example.test';
    const primary = await startGift(
      gifts,
      aGift(c.handle, { email, amountCents: 350_000, employer: 'Acme', occupation: 'Engineer' }),
      undefined,
      PRIMARY_DAY,
    );
    expect((await gift(primary.reference)).election).toBe('primary');
    await expect(
      startGift(
        gifts,
        aGift(c.handle, { email, amountCents: 100, employer: 'Acme', occupation: 'Engineer' }),
        undefined,
        PRIMARY_DAY,
      ),
    ).rejects.toMatchObject({
      fieldErrors: {
        amountCents: [
          'This gift would pass the $3,500 limit for the primary election. You can give up to $0.00 more.',
        ],
      },
    });
    const designated = await startGift(
      gifts,
      aGift(c.handle, {
        email,
        amountCents: 300_000,
        designateGeneral: true,
        employer: 'Acme',
        occupation: 'Engineer',
      }),
      undefined,
      PRIMARY_DAY,
    );
    expect(await gift(designated.reference)).toMatchObject({ election: 'general', designated_general: true });
    const later = await startGift(
      gifts,
      aGift(c.handle, { email, amountCents: 50_000, employer: 'Acme', occupation: 'Engineer' }),
      undefined,
      GENERAL_DAY,
    );
    expect((await gift(later.reference)).election).toBe('general');
    await expect(
      startGift(
        gifts,
        aGift(c.handle, { email, amountCents: 100, employer: 'Acme', occupation: 'Engineer' }),
        undefined,
        GENERAL_DAY,
      ),
    ).rejects.toMatchObject({
      message:
        'This gift would pass the $3,500 limit for the general election. You can give up to $0.00 more.',
    });
    await expect(startGift(gifts, aGift(c.handle, { email }), undefined, AFTER_GENERAL)).rejects.toThrow(
      "The general election is over; this campaign can't accept gifts.",
    );
  });

  it('stores and charges nothing for a refused gift', async () => {
    const c = await aCandidate(t.db);
    const email = 'refused@example.test';
    await startGift(
      gifts,
      aGift(c.handle, { email, amountCents: 340_000, employer: 'A', occupation: 'B' }),
      undefined,
      PRIMARY_DAY,
    );
    const before = await t.db.selectFrom('donations').select('id').where('candidate_id', '=', c.id).execute();
    await expect(
      startGift(
        gifts,
        aGift(c.handle, { email, amountCents: 20_000, employer: 'A', occupation: 'B' }),
        undefined,
        PRIMARY_DAY,
      ),
    ).rejects.toMatchObject({ message: expect.stringContaining('You can give up to $100.00 more.') });
    const after = await t.db.selectFrom('donations').select('id').where('candidate_id', '=', c.id).execute();
    expect(after).toHaveLength(before.length);
  });

  it('lets exactly 5 of 50 racing $100 gifts through when $3,000 is already given', async () => {
    const c = await aCandidate(t.db);
    const email = 'racer@example.test';
    const form = { email, employer: 'Acme', occupation: 'Engineer' };
    await startGift(gifts, aGift(c.handle, { ...form, amountCents: 300_000 }), undefined, PRIMARY_DAY);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        startGift(
          gifts,
          aGift(c.handle, { ...form, amountCents: 10_000 }),
          { userId: null, ip: `10.0.0.${i}` },
          PRIMARY_DAY,
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    const donors = await t.db
      .selectFrom('donations')
      .select('donor_id')
      .distinct()
      .where('candidate_id', '=', c.id)
      .execute();
    expect(donors).toHaveLength(1);
    expect(
      await committedCents(t.db, { candidateId: c.id, donorId: donors[0]!.donor_id, election: 'primary' }),
    ).toBe(350_000);
    const total = await t.db
      .selectFrom('donations')
      .select((eb) => eb.fn.sum<string>('amount_cents').as('sum'))
      .where('candidate_id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(Number(total.sum)).toBe(350_000);
  });
});

describe('who a donor is', () => {
  it('joins guest and member gifts by email, and guests by name and ZIP', async () => {
    const c = await aCandidate(t.db);
    const member = await aMember(t.db);
    // A name and ZIP no other test uses: guests join the earliest donor with them.
    const person = { firstName: 'Quinn', lastName: `Matcher ${c.handle}`, zip: '30301' };
    const guest = await startGift(
      gifts,
      aGift(c.handle, { ...person, email: member.email.toUpperCase() }),
      undefined,
      PRIMARY_DAY,
    );
    const signedIn = await startGift(
      gifts,
      aGift(c.handle, { ...person, email: 'other@example.test' }),
      { userId: member.id },
      PRIMARY_DAY,
    );
    const sameName = await startGift(
      gifts,
      aGift(c.handle, {
        email: 'quinn.work@example.test',
        firstName: 'Quínn',
        lastName: `matcher  ${c.handle}.`,
        zip: '30301-1234',
      }),
      undefined,
      PRIMARY_DAY,
    );
    const first = await gift(guest.reference);
    expect((await gift(signedIn.reference)).donor_id).toBe(first.donor_id);
    const donor = await t.db
      .selectFrom('donors')
      .selectAll()
      .where('id', '=', first.donor_id)
      .executeTakeFirstOrThrow();
    expect(donor.user_id).toBe(member.id);
    expect((await gift(sameName.reference)).donor_id).toBe(first.donor_id);
    // A different person at the same ZIP is a different donor.
    const stranger = await startGift(
      gifts,
      aGift(c.handle, { ...person, firstName: 'Robin' }),
      undefined,
      PRIMARY_DAY,
    );
    expect((await gift(stranger.reference)).donor_id).not.toBe(first.donor_id);
  });

  it('refuses an organization, signed in or named by a guest email', async () => {
    const c = await aCandidate(t.db);
    const org = await aMember(t.db, 'organization');
    await expect(startGift(gifts, aGift(c.handle), { userId: org.id }, PRIMARY_DAY)).rejects.toThrow(
      'Organization accounts cannot donate to candidates.',
    );
    await expect(
      startGift(gifts, aGift(c.handle, { email: org.email }), undefined, PRIMARY_DAY),
    ).rejects.toThrow('Organization accounts cannot donate to candidates.');
  });
});

describe('employer and occupation', () => {
  it('are required once the cycle total passes $200, and nothing is stored without them', async () => {
    const c = await aCandidate(t.db);
    const email = 'threshold@example.test';
    await startGift(gifts, aGift(c.handle, { email, amountCents: 15_000 }), undefined, PRIMARY_DAY);
    const refused = startGift(gifts, aGift(c.handle, { email, amountCents: 6_000 }), undefined, PRIMARY_DAY);
    await expect(refused).rejects.toMatchObject({
      fieldErrors: { employer: [expect.any(String)], occupation: [expect.any(String)] },
    });
    expect(await t.db.selectFrom('donations').select('id').where('email', '=', email).execute()).toHaveLength(
      1,
    );
    // Exactly $200 in the cycle needs nothing more.
    await startGift(gifts, aGift(c.handle, { email, amountCents: 5_000 }), undefined, PRIMARY_DAY);
    await startGift(
      gifts,
      aGift(c.handle, { email, amountCents: 100, employer: 'Acme', occupation: 'Nurse' }),
      undefined,
      PRIMARY_DAY,
    );
  });
});

describe('payments', () => {
  it('pays a gift once however often the webhook is replayed; the candidate hears once', async () => {
    const c = await aCandidate(t.db);
    const started = await startGift(gifts, aGift(c.handle), undefined, PRIMARY_DAY);
    const body = JSON.stringify({
      id: `evt_replay_${started.reference}`,
      type: 'payment.succeeded',
      payable: { kind: 'donation', reference: started.reference },
    });
    const outcomes = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.app.request('/api/payments/webhook', {
        method: 'POST',
        body,
        headers: {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: signWebhook(t.config.appSecret, body),
        },
      });
      outcomes.push(((await res.json()) as { outcome: string }).outcome);
    }
    expect(outcomes).toEqual(['paid', 'duplicate', 'duplicate', 'duplicate']);
    const paid = await gift(started.reference);
    expect(paid.status).toBe('paid');
    expect(await cycleCommittedCents(t.db, { candidateId: c.id, donorId: paid.donor_id })).toBe(5_000);
    const notices = await t.db.selectFrom('notifications').selectAll().where('user_id', '=', c.id).execute();
    expect(notices).toMatchObject([{ type: 6, message: 'New donation: $50.00 from Dana Donor' }]);
    const [receipt] = await mailTo(paid.email);
    expect(receipt?.text_body).toContain(started.reference);
    expect(receipt?.text_body).toContain('Casey Candidate');
    expect(receipt?.text_body).toContain('the primary election');
  });

  it('batches a burst of gifts into one notification', async () => {
    const c = await aCandidate(t.db);
    for (const amountCents of [2_500, 5_000, 10_000]) {
      const started = await startGift(gifts, aGift(c.handle, { amountCents }), undefined, PRIMARY_DAY);
      await pay(started.reference);
    }
    const notices = await t.db.selectFrom('notifications').selectAll().where('user_id', '=', c.id).execute();
    expect(notices).toMatchObject([{ type: 6, message: '3 new donations ($175.00)' }]);
  });

  it('counts gifts paid at once into one notification', async () => {
    const c = await aCandidate(t.db);
    const started = [];
    for (let i = 0; i < 8; i++)
      started.push(
        await startGift(gifts, aGift(c.handle, { lastName: `Crowd${i}` }), undefined, PRIMARY_DAY),
      );
    const outcomes = await Promise.all(started.map((s) => pay(s.reference)));
    expect(outcomes.map((o) => o.outcome)).toEqual(Array(8).fill('paid'));
    const notices = await t.db.selectFrom('notifications').selectAll().where('user_id', '=', c.id).execute();
    expect(notices).toMatchObject([{ type: 6, message: '8 new donations ($400.00)' }]);
  });

  it('releases the headroom of a failed payment and of an expired reservation', async () => {
    const c = await aCandidate(t.db);
    const email = 'fails@example.test';
    const form = { email, employer: 'A', occupation: 'B' };
    const failed = await startGift(
      gifts,
      aGift(c.handle, { ...form, amountCents: 350_000 }),
      undefined,
      PRIMARY_DAY,
    );
    expect((await pay(failed.reference, false)).outcome).toBe('failed');
    const row = await gift(failed.reference);
    expect(row.status).toBe('failed');
    const key = { candidateId: c.id, donorId: row.donor_id, election: 'primary' as const };
    expect(await committedCents(t.db, key)).toBe(0);
    const lapsed = await startGift(
      gifts,
      aGift(c.handle, { ...form, amountCents: 350_000 }),
      undefined,
      PRIMARY_DAY,
    );
    expect(
      await expireGiftReservations(t.db, new Date(PRIMARY_DAY.getTime() + 31 * 60_000)),
    ).toBeGreaterThanOrEqual(1);
    expect((await gift(lapsed.reference)).status).toBe('expired');
    expect(await committedCents(t.db, key)).toBe(0);
  });

  it('refuses every gift while the campaign-donations toggle is off', async () => {
    const c = await aCandidate(t.db);
    await t.db
      .insertInto('feature_toggles')
      .values({ name: 'campaign-donations', enabled: false, description: 'Campaign donations' })
      .onConflict((oc) => oc.column('name').doUpdateSet({ enabled: false }))
      .execute();
    try {
      await expect(startGift(gifts, aGift(c.handle), undefined, PRIMARY_DAY)).rejects.toThrow(
        "Casey Candidate isn't accepting donations right now.",
      );
    } finally {
      await t.db
        .updateTable('feature_toggles')
        .set({ enabled: true })
        .where('name', '=', 'campaign-donations')
        .execute();
    }
  });
});

/** Starts a monthly gift and pays its first charge on the test gateway at `at`. */
async function monthly(
  handle: string,
  overrides: Parameters<typeof aGift>[1],
  at: Date,
  card: string = TEST_CARDS.succeeds,
) {
  const started = await startGift(
    gifts,
    aGift(handle, { frequency: 'monthly', ...overrides }),
    undefined,
    at,
  );
  const url = new URL(started.payUrl, 'http://x');
  const plan = readPlan(
    t.config.appSecret,
    url.searchParams.get('plan') ?? '',
    url.searchParams.get('sig') ?? '',
  );
  if (!plan?.interval) throw new Error('not a recurring plan');
  const subscription = await startTestSubscription(deps, { ...plan, interval: plan.interval }, card, at);
  return { started, recurringReference: plan.payable.reference, subscription };
}

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
