import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AffiliateReport } from '../../../api/contract/affiliates';
import { lastDays, rangeId, utcDay } from '../../../api/contract/day-ranges';
import type { DonationRevenueReport } from '../../../api/contract/donation-reports';
import type { MerchandiseRevenue } from '../../../api/contract/shop-views';
import { affiliateReport } from '../../../api/modules/affiliates/report';
import { donationRevenue } from '../../../api/modules/donations/revenue';
import { cancelMembership, type MembershipDeps, subscribe } from '../../../api/modules/membership/lifecycle';
import { endLapsedSubscriptions } from '../../../api/modules/membership/upkeep';
import { createAppPayableOwners } from '../../../api/modules/payable-owners';
import { startTestSubscription } from '../../../api/modules/payments/test-gateway-subscriptions';
import type { PaymentWebhookDeps } from '../../../api/modules/payments/webhook';
import { outboxEmail } from '../../../api/ports/email/outbox';
import { createPaymentsPort } from '../../../api/ports/payments';
import { TEST_CARDS } from '../../../api/ports/payments/test-gateway';
import { seedCatalog } from '../../../api/seed/catalog';
import { DEMO_PASSWORD } from '../../../api/seed/demo-accounts';
import { seedDemoAffiliates } from '../../../api/seed/demo-affiliates';
import { seedDemoDonations } from '../../../api/seed/demo-donations';
import { seedDemoMembership } from '../../../api/seed/demo-membership';
import { seedDemoOrders } from '../../../api/seed/demo-orders';
import { demoAccounts } from '../../factories/accounts';
import { anAffiliate, clickThrough, commissionOf, referredOrder } from '../../factories/affiliates';
import { aCandidate, giveGift, makeDonor } from '../../factories/donations';
import { recurringPlanOf } from '../../factories/payables';
import { KEYS, ROLLUP_NAMES, rollupAndRaw, total } from '../../factories/revenue-rollups';
import { rest, STAFF_EMAIL, signedIn, userId } from '../../factories/staff';
import { createTestApp, type TestApp, type TestBrowser } from '../../factories/test-app';

/**
 * Daily revenue rollups (docs/decisions/0035-revenue-rollups.md): after the demo's revenue data
 * (orders, vendor sales and its affiliate, a month of gifts, memberships) and a mix of orders,
 * refunds, gifts, subscription payments, commissions, reversals and a payout, every rollup equals
 * the same figures summed from the raw rows, per day and in total; the screens built on them agree
 * with the raw rows; a refund reverses the affiliate's commission.
 */
let t: TestApp;
let finance: TestBrowser;
const DAY_MS = 86_400_000;

async function subscribeAndPay(
  members: MembershipDeps,
  deps: PaymentWebhookDeps,
  userId: number,
  token: string | null,
  tier: 'campaign' | 'campaign-pro' = 'campaign',
) {
  const started = await subscribe(members, userId, { tier }, token);
  const plan = await recurringPlanOf(t.db, started.payUrl);
  await startTestSubscription(deps, plan, TEST_CARDS.succeeds, new Date());
  return started.reference;
}

beforeAll(async () => {
  t = await createTestApp();
  // The demo accounts the revenue demo belongs to (the candidate's gifts, the vendor's sales, the
  // organization's affiliate code and membership) and the finance lead; then that demo itself.
  await demoAccounts(t.db, 'finance', 'vendor', 'candidate', 'organization');
  await seedCatalog(t.db);
  await seedDemoOrders(t.db);
  await seedDemoAffiliates(t.db);
  await seedDemoDonations(t.db);
  await seedDemoMembership(t.db);
  finance = await signedIn(t, STAFF_EMAIL.FINANCE, DEMO_PASSWORD);

  // Merchandise: referred orders paid (one refunded), one left unpaid.
  const affiliate = await anAffiliate(t.db);
  const token = await clickThrough(t.db, t.config, affiliate.code);
  await clickThrough(t.db, t.config, affiliate.code);
  await referredOrder(t.db, t.config, { token, quantity: 2 });
  const refunded = await referredOrder(t.db, t.config, { token, quantity: 1 });
  await referredOrder(t.db, t.config, { token, quantity: 1, paid: false });
  const vendorId = await userId(t, 'vendor@demo.campaignhq.test');
  await t.db
    .updateTable('products')
    .set({ vendor_id: vendorId })
    .where('id', '=', refunded.productId)
    .execute();
  expect((await rest(finance, 'PUT', `/orders/${refunded.id}`, { status: 'refunded' })).status).toBe(200);

  // Gifts: one donor on two days, one gift refunded, one pending.
  const candidateId = await userId(t, 'candidate@demo.campaignhq.test');
  const donorId = await makeDonor(t.db);
  await giveGift(t.db, {
    candidateId,
    donorId,
    amountCents: 5_000,
    paidAt: new Date(Date.now() - 3 * DAY_MS),
  });
  const gift = await giveGift(t.db, { candidateId, donorId, amountCents: 7_500 });
  await giveGift(t.db, { candidateId, amountCents: 1_000, status: 'pending' });
  expect(
    (await rest(finance, 'POST', '/donation-refunds', { donationId: Number(gift.id), reason: 'Asked back' }))
      .status,
  ).toBe(201);

  // Subscriptions: a referred first month (commission), then a cancel at period end.
  const email = outboxEmail();
  const deps: PaymentWebhookDeps = { db: t.db, email, config: t.config, owners: createAppPayableOwners() };
  const members: MembershipDeps = {
    db: t.db,
    payments: createPaymentsPort(t.config, t.db),
    config: t.config,
    email,
  };
  const member = await aCandidate(t.db);
  await subscribeAndPay(members, deps, member.id, await clickThrough(t.db, t.config, affiliate.code));
  await cancelMembership(members, member.id);
  // Another changes tier (the old subscription is replaced, not churned); the upkeep job then
  // ends what lapsed by a day past every period (the cancelled one churns).
  const upgrader = await aCandidate(t.db);
  await subscribeAndPay(members, deps, upgrader.id, null);
  await subscribeAndPay(members, deps, upgrader.id, null, 'campaign-pro');
  await endLapsedSubscriptions({ db: t.db, email, config: t.config }, new Date(Date.now() + 40 * DAY_MS));

  // An order written straight in as delivered, with a coupon's discount: the triggers keep the
  // rollups whoever writes (the demo seed does this too).
  await sql`INSERT INTO orders (number, email, status, subtotal_cents, discount_cents, shipping_cents,
      total_cents, shipping_option, address, payment_token, paid_at, created_at, updated_at)
    VALUES ('CHQ-ROLLUP-1', 'buyer@example.org', 'delivered', 4000, 500, 700, 4200, 'standard', '{}'::jsonb,
      'tok-rollup-1', now() - interval '40 days', now() - interval '40 days', now())`.execute(t.db);

  // A payout of what the affiliate is owed.
  expect(
    (await rest(finance, 'POST', '/affiliate-payouts', { affiliateId: affiliate.affiliateId })).status,
  ).toBe(201);
}, 180_000);
afterAll(() => t?.close());

describe('daily revenue rollups', () => {
  it.each(ROLLUP_NAMES)('%s equals the raw rows per day and in total', async (name) => {
    const { rollup, raw } = await rollupAndRaw(t.db, name);
    expect(raw.length).toBeGreaterThan(0);
    expect(rollup).toEqual(raw);
    for (const column of Object.keys(raw[0]!).filter((c) => !KEYS.has(c))) {
      // The mix exercises every figure, so an equality of zeros proves nothing by accident.
      expect(total(raw, column), column).not.toBe(0);
      expect(total(rollup, column)).toBe(total(raw, column));
    }
  });

  it('counts each donor once in any range, as count(DISTINCT donor) over the raw gifts does', async () => {
    const days = (
      await sql<{
        day: string;
      }>`SELECT DISTINCT (coalesce(paid_at, created_at) AT TIME ZONE 'UTC')::date::text AS day
        FROM donations WHERE status IN ('paid', 'refunded') ORDER BY 1`.execute(t.db)
    ).rows.map((r) => r.day);
    expect(days.length).toBeGreaterThan(3);
    const picks = [...new Set([days[0]!, days[1]!, days.at(-4)!, days.at(-2)!, days.at(-1)!])];
    for (const from of picks) {
      for (const to of picks.filter((d) => d >= from)) {
        const raw = await sql<{ n: string }>`SELECT count(DISTINCT donor_id)::text AS n FROM donations
          WHERE status IN ('paid', 'refunded')
            AND (coalesce(paid_at, created_at) AT TIME ZONE 'UTC')::date BETWEEN ${from}::date AND ${to}::date`.execute(
          t.db,
        );
        const report = await donationRevenue(t.db, { from, to });
        expect(report.totals.donors, `${from}..${to}`).toBe(Number(raw.rows[0]!.n));
      }
    }
  });

  it('gives the screens the raw totals: donations, merchandise and affiliates', async () => {
    const range = lastDays(30);
    const start = new Date(`${range.from}T00:00:00Z`);
    const donations = (await rest(finance, 'GET', `/donation-revenue/${rangeId(range)}`))
      .json as DonationRevenueReport;
    const rawGifts = await sql<{ gross: string; refunded: string }>`
      SELECT (SELECT coalesce(sum(amount_cents), 0) FROM donations WHERE status IN ('paid', 'refunded')
          AND coalesce(paid_at, created_at) >= ${start})::text AS gross,
        (SELECT coalesce(sum(amount_cents), 0) FROM donations WHERE status = 'refunded'
          AND refunded_at >= ${start})::text AS refunded`.execute(t.db);
    expect(donations.totals.grossCents).toBe(Number(rawGifts.rows[0]!.gross));
    expect(donations.totals.refundedCents).toBe(Number(rawGifts.rows[0]!.refunded));

    const merchandise = (await rest(finance, 'GET', '/merchandise-revenue/summary'))
      .json as MerchandiseRevenue;
    const since = new Date(Date.now() - 30 * DAY_MS);
    const rawOrders = await sql<{ orders: string; gross: string; refunded: string; recent: string }>`
      SELECT count(*) FILTER (WHERE status IN ('paid', 'processing', 'shipped', 'delivered', 'return_requested', 'returned'))::text AS orders,
        coalesce(sum(total_cents) FILTER (WHERE status IN ('paid', 'processing', 'shipped', 'delivered', 'return_requested', 'returned')), 0)::text AS gross,
        coalesce(sum(total_cents) FILTER (WHERE status = 'refunded'), 0)::text AS refunded,
        coalesce(sum(total_cents) FILTER (WHERE status IN ('paid', 'processing', 'shipped', 'delivered', 'return_requested', 'returned')
          AND paid_at >= ${since}), 0)::text AS recent
      FROM orders`.execute(t.db);
    expect(merchandise.ordersPaid).toBe(Number(rawOrders.rows[0]!.orders));
    expect(merchandise.grossCents).toBe(Number(rawOrders.rows[0]!.gross));
    expect(merchandise.refundedCents).toBe(Number(rawOrders.rows[0]!.refunded));
    expect(merchandise.last30Days.grossCents).toBe(Number(rawOrders.rows[0]!.recent));

    const affiliates = (await rest(finance, 'GET', `/affiliate-report/${rangeId(range)}`))
      .json as AffiliateReport;
    const rawBalances = await sql<{ id: number; balance: string }>`
      SELECT a.id, ((SELECT coalesce(sum(amount_cents), 0) FROM affiliate_commissions c
          WHERE c.affiliate_id = a.id AND reversed_at IS NULL)
        - (SELECT coalesce(sum(amount_cents), 0) FROM affiliate_payouts p WHERE p.affiliate_id = a.id))::text AS balance
      FROM affiliates a`.execute(t.db);
    const balance = new Map(rawBalances.rows.map((r) => [r.id, Number(r.balance)]));
    for (const a of affiliates.affiliates) expect(a.balanceCents, a.code).toBe(balance.get(a.id));
  });

  it("lists each affiliate's figures over any range as the raw rows sum them (whole months and edge days)", async () => {
    const today = new Date();
    const firstOfLastMonth = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1));
    const ranges = [
      lastDays(1),
      lastDays(30),
      lastDays(366),
      lastDays(45),
      { from: utcDay(firstOfLastMonth), to: utcDay(today) },
    ];
    for (const range of ranges) {
      const report = await affiliateReport(t.db, range);
      const raw = await sql<{ id: number; clicks: string; earned: string; reversed: string; paid: string }>`
        SELECT a.id, (SELECT count(*) FROM affiliate_clicks k WHERE k.affiliate_id = a.id
            AND k.day BETWEEN ${range.from}::date AND ${range.to}::date)::text AS clicks,
          (SELECT coalesce(sum(amount_cents), 0) FROM affiliate_commissions c WHERE c.affiliate_id = a.id
            AND (c.earned_at AT TIME ZONE 'UTC')::date BETWEEN ${range.from}::date AND ${range.to}::date)::text AS earned,
          (SELECT coalesce(sum(amount_cents), 0) FROM affiliate_commissions c WHERE c.affiliate_id = a.id
            AND (c.reversed_at AT TIME ZONE 'UTC')::date BETWEEN ${range.from}::date AND ${range.to}::date)::text AS reversed,
          (SELECT coalesce(sum(amount_cents), 0) FROM affiliate_payouts p WHERE p.affiliate_id = a.id
            AND (p.created_at AT TIME ZONE 'UTC')::date BETWEEN ${range.from}::date AND ${range.to}::date)::text AS paid
        FROM affiliates a`.execute(t.db);
      const byId = new Map(raw.rows.map((r) => [r.id, r]));
      expect(report.affiliates.length).toBe(raw.rows.length);
      for (const a of report.affiliates) {
        const r = byId.get(a.id)!;
        expect(
          [a.clicks, a.earnedCents, a.reversedCents, a.paidCents],
          `${a.code} ${rangeId(range)}`,
        ).toEqual([Number(r.clicks), Number(r.earned), Number(r.reversed), Number(r.paid)]);
      }
      expect(report.totals.clicks).toBe(raw.rows.reduce((n, r) => n + Number(r.clicks), 0));
    }
  });

  it('reverses the affiliate commission in the rollup when the sale is refunded', async () => {
    const affiliate = await anAffiliate(t.db);
    const token = await clickThrough(t.db, t.config, affiliate.code);
    const order = await referredOrder(t.db, t.config, { token, quantity: 4 });
    const commission = await commissionOf(t.db, 'order', order.number);
    expect(commission?.amount_cents).toBeGreaterThan(0);
    const figures = () =>
      t.db
        .selectFrom('affiliate_revenue_days')
        .select([
          sql<string>`sum(earned_cents)`.as('earned'),
          sql<string>`sum(reversed_cents)`.as('reversed'),
          sql<string>`sum(earned_cents - reversed_cents - paid_cents)`.as('owed'),
        ])
        .where('affiliate_id', '=', affiliate.affiliateId)
        .executeTakeFirstOrThrow();
    expect(await figures()).toMatchObject({ reversed: '0', owed: String(commission!.amount_cents) });

    expect((await rest(finance, 'PUT', `/orders/${order.id}`, { status: 'refunded' })).status).toBe(200);
    const after = await figures();
    expect(Number(after.earned)).toBe(commission!.amount_cents);
    expect(Number(after.reversed)).toBe(commission!.amount_cents);
    expect(Number(after.owed)).toBe(0);
    const report = (await rest(finance, 'GET', `/affiliate-report/${rangeId(lastDays(1))}`))
      .json as AffiliateReport;
    expect(report.affiliates.find((a) => a.id === affiliate.affiliateId)).toMatchObject({
      reversedCents: commission!.amount_cents,
      balanceCents: 0,
    });
  });
});
