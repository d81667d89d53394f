import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AffiliateReport } from '../../../api/contract/affiliates';
import { lastDays, rangeId } from '../../../api/contract/day-ranges';
import type { PartnerRevenueReport } from '../../../api/contract/partner-revenue';
import { seedCatalog } from '../../../api/seed/catalog';
import { DEMO_PASSWORD } from '../../../api/seed/demo-accounts';
import { seedDemoAffiliates } from '../../../api/seed/demo-affiliates';
import { demoAccounts } from '../../factories/accounts';
import { anAffiliate, clickThrough, referredOrder } from '../../factories/affiliates';
import { rest, STAFF_EMAIL, signedIn, userId } from '../../factories/staff';
import { createTestApp, type TestApp, type TestBrowser } from '../../factories/test-app';

/**
 * Partner revenue and the affiliate report (docs/decisions/0031-affiliates-and-partner-revenue.md): the screens' figures equal the
 * raw sums over the orders and the ledger, the CSV carries the same numbers, and a refunded
 * sale leaves partner revenue.
 */
let t: TestApp;
let finance: TestBrowser;
let sales: TestBrowser;
const range = lastDays(30);
const id = rangeId(range);

beforeAll(async () => {
  t = await createTestApp();
  // The staff who read the reports, the demo vendor (whose catalog products sell) and the demo
  // organization (the CLEANWATER affiliate); then the demo's vendor sales and affiliate.
  await demoAccounts(t.db, 'finance', 'sales', 'marketing', 'vendor', 'organization');
  await seedCatalog(t.db);
  await seedDemoAffiliates(t.db);
  finance = await signedIn(t, STAFF_EMAIL.FINANCE, DEMO_PASSWORD);
  sales = await signedIn(t, STAFF_EMAIL.SALES, DEMO_PASSWORD);
}, 120_000);
afterAll(() => t?.close());

/** Vendor sales straight from the orders: the number the report must equal. */
async function rawVendorSales() {
  const row = await sql<{ cents: string; orders: string }>`
    SELECT coalesce(sum(i.line_total_cents), 0) AS cents, count(DISTINCT o.id) AS orders
    FROM order_items i JOIN orders o ON o.id = i.order_id
    JOIN product_variants v ON v.id = i.variant_id JOIN products p ON p.id = v.product_id
    WHERE p.vendor_id IS NOT NULL AND o.status NOT IN ('refunded', 'pending_payment', 'cancelled')
      AND o.paid_at >= ${new Date(`${range.from}T00:00:00Z`)}`.execute(t.db);
  return { cents: Number(row.rows[0]!.cents), orders: Number(row.rows[0]!.orders) };
}

describe('partner revenue', () => {
  it('equals the raw vendor sales, takes 15% per vendor per month rounded down, and the CSV agrees', async () => {
    const res = await rest(sales, 'GET', `/partner-revenue/${id}`);
    expect(res.status).toBe(200);
    const report = res.json as PartnerRevenueReport;
    const raw = await rawVendorSales();
    expect(raw.cents).toBeGreaterThan(0);
    expect(report.totals.salesCents).toBe(raw.cents);
    expect(report.totals.orders).toBe(raw.orders);
    expect(report.totals.commissionCents).toBe(
      report.vendorMonths.reduce((n, v) => n + Math.floor((v.salesCents * 15) / 100), 0),
    );
    expect(report.days.reduce((n, d) => n + d.salesCents, 0)).toBe(raw.cents);

    const csv = await rest(sales, 'GET', `/partner-revenue/${id}?format=csv`);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = String(csv.json).trim().split('\r\n');
    expect(lines[0]).toBe('month,vendor,orders,sales,commission');
    expect(lines).toHaveLength(report.vendorMonths.length + 2);
    expect(lines.at(-1)).toBe(
      `total,${report.totals.vendors} vendors,${report.totals.orders},${(report.totals.salesCents / 100).toFixed(2)},${(report.totals.commissionCents / 100).toFixed(2)}`,
    );
  });

  it('drops a refunded vendor order', async () => {
    const vendorId = await userId(t, 'vendor@demo.campaignhq.test');
    const order = await referredOrder(t.db, t.config, { token: null, quantity: 2 });
    await t.db
      .updateTable('products')
      .set({ vendor_id: vendorId })
      .where('id', '=', order.productId)
      .execute();
    const before = (await rest(finance, 'GET', `/partner-revenue/${id}`)).json as PartnerRevenueReport;
    expect(before.totals.salesCents).toBe((await rawVendorSales()).cents);
    expect((await rest(finance, 'PUT', `/orders/${order.id}`, { status: 'refunded' })).status).toBe(200);
    const after = (await rest(finance, 'GET', `/partner-revenue/${id}`)).json as PartnerRevenueReport;
    expect(after.totals.salesCents).toBe(before.totals.salesCents - 5_000);
  });

  it('is closed without VIEW_PARTNER_REVENUE and refuses a bad range', async () => {
    const marketing = await signedIn(t, STAFF_EMAIL.MARKETING, DEMO_PASSWORD);
    expect((await rest(marketing, 'GET', `/partner-revenue/${id}`)).status).toBe(403);
    expect((await rest(finance, 'GET', '/partner-revenue/2026-13-01..2026-13-02')).status).toBe(400);
    expect((await rest(finance, 'GET', '/partner-revenue/2020-01-01..2026-01-01')).status).toBe(400);
  });
});

describe('the affiliate report', () => {
  it('equals the raw sums of clicks, commissions and payouts, and lists the demo affiliate', async () => {
    const affiliate = await anAffiliate(t.db);
    const token = await clickThrough(t.db, t.config, affiliate.code);
    await referredOrder(t.db, t.config, { token, quantity: 3 });
    const res = await rest(sales, 'GET', `/affiliate-report/${id}`);
    expect(res.status).toBe(200);
    const report = res.json as AffiliateReport;
    const raw = await sql<{ clicks: string; earned: string; conversions: string }>`
      SELECT (SELECT count(*) FROM affiliate_clicks WHERE day >= ${range.from}::date) AS clicks,
        (SELECT coalesce(sum(amount_cents), 0) FROM affiliate_commissions
          WHERE earned_at >= ${new Date(`${range.from}T00:00:00Z`)}) AS earned,
        (SELECT count(*) FROM affiliate_commissions
          WHERE earned_at >= ${new Date(`${range.from}T00:00:00Z`)}) AS conversions`.execute(t.db);
    expect(report.totals.clicks).toBe(Number(raw.rows[0]!.clicks));
    expect(report.totals.earnedCents).toBe(Number(raw.rows[0]!.earned));
    expect(report.totals.conversions).toBe(Number(raw.rows[0]!.conversions));
    expect(report.affiliates.map((a) => a.code)).toEqual(
      expect.arrayContaining(['CLEANWATER', affiliate.code]),
    );
    expect(report.affiliates.find((a) => a.code === affiliate.code)).toMatchObject({
      clicks: 1,
      conversions: 1,
      earnedCents: 750,
      balanceCents: 750,
    });
    const csv = String((await rest(sales, 'GET', `/affiliate-report/${id}?format=csv`)).json);
    expect(csv).toContain(`affiliate,${affiliate.code},`);
    expect(csv.trim().split('\r\n').at(-1)).toContain(
      `total,,,${report.totals.clicks},${report.totals.conversions},`,
    );
  });
});
