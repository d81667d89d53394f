import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliateCommissionCents } from '../../../api/contract/affiliates';
import { joinAffiliateProgram } from '../../../api/modules/affiliates/join';
import { affiliateSummary } from '../../../api/modules/affiliates/summary';
import { DEMO_PASSWORD } from '../../../api/seed/demo-accounts';
import { demoAccounts } from '../../factories/accounts';
import { anAffiliate, clickThrough, commissionOf, referredOrder } from '../../factories/affiliates';
import { aMember } from '../../factories/donations';
import { rest, STAFF_EMAIL, signedIn } from '../../factories/staff';
import { createTestApp, type TestApp, type TestBrowser } from '../../factories/test-app';

/**
 * The affiliate program (docs/decisions/0031-affiliates-and-partner-revenue.md): a click through `?ref=CODE` attributes a shop order
 * made within 30 days of that first touch, never the affiliate's own; 10% commission, rounded down,
 * earned when the order is paid and reversed when it is refunded; finance settles what is owed.
 */
let t: TestApp;
let finance: TestBrowser;
let marketing: TestBrowser;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  await demoAccounts(t.db, 'finance', 'marketing');
  finance = await signedIn(t, STAFF_EMAIL.FINANCE, DEMO_PASSWORD);
  marketing = await signedIn(t, STAFF_EMAIL.MARKETING, DEMO_PASSWORD);
});
afterAll(() => t?.close());

describe('attribution', () => {
  it('attributes an order to the link first touched within 30 days', async () => {
    const affiliate = await anAffiliate(t.db);
    const token = await clickThrough(t.db, t.config, affiliate.code, {
      now: new Date(Date.now() - 29 * DAY),
    });
    expect(token).toEqual(expect.any(String));
    const order = await referredOrder(t.db, t.config, { token });
    expect(order.affiliate_id).toBe(affiliate.affiliateId);
  });

  it('does not attribute an order when the first touch is older than 30 days', async () => {
    const affiliate = await anAffiliate(t.db);
    const token = await clickThrough(t.db, t.config, affiliate.code, {
      now: new Date(Date.now() - 31 * DAY),
    });
    const order = await referredOrder(t.db, t.config, { token });
    expect(order.affiliate_id).toBeNull();
    expect(await commissionOf(t.db, 'order', order.number)).toBeUndefined();
  });

  it("refuses self-referral: the affiliate's own account or email earns nothing", async () => {
    const affiliate = await anAffiliate(t.db);
    // Their own visit is not even a click.
    expect(await clickThrough(t.db, t.config, affiliate.code, { userId: affiliate.user.id })).toBeNull();
    const token = await clickThrough(t.db, t.config, affiliate.code);
    const asAccount = await referredOrder(t.db, t.config, { token, userId: affiliate.user.id });
    const asEmail = await referredOrder(t.db, t.config, { token, email: affiliate.user.email.toUpperCase() });
    expect(asAccount.affiliate_id).toBeNull();
    expect(asEmail.affiliate_id).toBeNull();
    expect((await affiliateSummary(t.db, affiliate.user.id))?.conversions).toBe(0);
  });

  it('ignores a made-up cookie and an unknown code', async () => {
    const order = await referredOrder(t.db, t.config, { token: 'not-a-click-token' });
    expect(order.affiliate_id).toBeNull();
    expect(await clickThrough(t.db, t.config, 'NOSUCHCODE')).toBeNull();
  });
});

describe('clicks', () => {
  it('counts one visitor once a day, and bots never', async () => {
    const affiliate = await anAffiliate(t.db);
    const visitor = { ip: '10.9.8.7', userAgent: 'Mozilla/5.0 Safari/605.1.15' };
    const first = await clickThrough(t.db, t.config, affiliate.code, visitor);
    const again = await clickThrough(t.db, t.config, affiliate.code, visitor);
    expect(again).toBe(first);
    expect(
      await clickThrough(t.db, t.config, affiliate.code, { ip: '10.9.8.7', userAgent: 'Googlebot/2.1' }),
    ).toBeNull();
    await clickThrough(t.db, t.config, affiliate.code, { ip: '10.9.8.8' });
    expect((await affiliateSummary(t.db, affiliate.user.id))?.clicks).toBe(2);
  });
});

describe('commission', () => {
  it('is 10% in integer cents, rounded down', () => {
    expect(affiliateCommissionCents(7_500)).toBe(750);
    expect(affiliateCommissionCents(999)).toBe(99);
    expect(affiliateCommissionCents(9)).toBe(0);
    expect(affiliateCommissionCents(0)).toBe(0);
  });

  it('is earned when the order is paid, on merchandise after coupon without shipping', async () => {
    const affiliate = await anAffiliate(t.db);
    const token = await clickThrough(t.db, t.config, affiliate.code);
    const unpaid = await referredOrder(t.db, t.config, { token, paid: false });
    expect(unpaid.affiliate_id).toBe(affiliate.affiliateId);
    expect(await commissionOf(t.db, 'order', unpaid.number)).toBeUndefined();

    const order = await referredOrder(t.db, t.config, { token, quantity: 3 });
    const commission = await commissionOf(t.db, 'order', order.number);
    expect(commission).toMatchObject({ base_cents: 7_500, amount_cents: 750, reversed_at: null });
    expect(await affiliateSummary(t.db, affiliate.user.id)).toMatchObject({
      code: affiliate.code,
      conversions: 1,
      earnedCents: 750,
      paidCents: 0,
      balanceCents: 750,
    });
  });
});

describe('refunds and payouts', () => {
  it('reverses the commission in the refund, and finance settles only what is owed', async () => {
    const affiliate = await anAffiliate(t.db);
    const token = await clickThrough(t.db, t.config, affiliate.code);
    const kept = await referredOrder(t.db, t.config, { token, quantity: 2 });
    const refunded = await referredOrder(t.db, t.config, { token, quantity: 1 });

    const refund = await rest(finance, 'PUT', `/orders/${refunded.id}`, { status: 'refunded' });
    expect(refund.status).toBe(200);
    expect((await commissionOf(t.db, 'order', refunded.number))?.reversed_at).toBeInstanceOf(Date);
    expect((await commissionOf(t.db, 'order', kept.number))?.reversed_at).toBeNull();
    expect(await affiliateSummary(t.db, affiliate.user.id)).toMatchObject({
      conversions: 1,
      earnedCents: 750,
      reversedCents: 250,
      balanceCents: 500,
    });

    // VIEW_AFFILIATES alone does not move money.
    const refused = await rest(marketing, 'POST', '/affiliate-payouts', {
      affiliateId: affiliate.affiliateId,
    });
    expect(refused.status).toBe(403);

    const payout = await rest(finance, 'POST', '/affiliate-payouts', {
      affiliateId: affiliate.affiliateId,
      note: 'ACH 2026-11',
    });
    expect(payout.status).toBe(201);
    expect(payout.json).toMatchObject({ affiliateId: affiliate.affiliateId, amountCents: 500 });
    expect(await affiliateSummary(t.db, affiliate.user.id)).toMatchObject({
      paidCents: 500,
      balanceCents: 0,
    });
    const audit = await t.db
      .selectFrom('audit_logs')
      .select(['action', 'target_id'])
      .where('action', '=', 'affiliate.payout')
      .where('target_id', '=', String(affiliate.affiliateId))
      .execute();
    expect(audit).toHaveLength(1);

    const twice = await rest(finance, 'POST', '/affiliate-payouts', { affiliateId: affiliate.affiliateId });
    expect(twice.status).toBe(409);
    expect(JSON.stringify(twice.json)).toContain('owed nothing');
    const bad = await rest(finance, 'POST', '/affiliate-payouts', { affiliateId: 'x' });
    expect(bad.status).toBe(400);
    expect(
      await t.db
        .selectFrom('affiliate_payouts')
        .select('id')
        .where('affiliate_id', '=', affiliate.affiliateId)
        .execute(),
    ).toHaveLength(1);
  });

  it('lets a member join once, keeping their code', async () => {
    const member = await aMember(t.db);
    const first = await joinAffiliateProgram(t.db, member.id);
    const second = await joinAffiliateProgram(t.db, member.id);
    expect(second.code).toBe(first.code);
    expect(first.code).toMatch(/^[A-Z2-9]{8}$/);
  });
});
