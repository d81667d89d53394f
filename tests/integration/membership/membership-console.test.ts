import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvLine } from '../../../api/doors/rest/lists/csv';
import { entitlementsOf } from '../../../api/modules/membership/entitlements';
import type { subscriptionRevenueCsvRows } from '../../../api/modules/membership/revenue';
import { monthlyRecurringRevenueCents } from '../../../api/modules/membership/revenue';
import { DEMO_PASSWORD } from '../../../api/seed/demo-accounts';
import { DEMO_SUBSCRIPTION_PREFIX, seedDemoMembership } from '../../../api/seed/demo-membership';
import { seedDatabase } from '../../../api/seed/seed';
import { aMember } from '../../factories/donations';
import { listPath, rest, STAFF_EMAIL, signedIn } from '../../factories/staff';
import { createTestApp, type TestApp, type TestBrowser } from '../../factories/test-app';

/**
 * The membership console (docs/product/spec.md §6, docs/decisions/0024-membership.md): Paid Users are exactly the
 * members whose subscription grants its tier (what entitlementsOf reads), Free Users everyone else;
 * the subscription revenue screen's MRR is the core's, and its CSV carries the same months.
 */
let t: TestApp;
let finance: TestBrowser;
let support: TestBrowser;
const DAY = 86_400_000;

const total = (headers: Headers) => Number(headers.get('content-range')?.split('/')[1]);

beforeAll(async () => {
  t = await createTestApp();
  await seedDatabase(t.db, { members: 150 });
  finance = await signedIn(t, STAFF_EMAIL.FINANCE, DEMO_PASSWORD);
  support = await signedIn(t, STAFF_EMAIL.SUPPORT, DEMO_PASSWORD);

  // Subscriptions that grant nothing: lapsed past the renewal slack, never paid, and another track's.
  const now = Date.now();
  const lapsed = await aMember(t.db, 'organization');
  const pending = await aMember(t.db, 'organization');
  const individual = await aMember(t.db);
  await t.db
    .insertInto('membership_subscriptions')
    .values([
      {
        reference: 'SUB-TESTLAPS',
        user_id: lapsed.id,
        tier: 'organizer',
        amount_cents: 1900,
        status: 'active',
        current_period_end: new Date(now - 3 * DAY),
      },
      { reference: 'SUB-TESTPEND', user_id: pending.id, tier: 'movement', amount_cents: 7900 },
      {
        reference: 'SUB-TESTTRAK',
        user_id: individual.id,
        tier: 'campaign',
        amount_cents: 2900,
        status: 'active',
        current_period_end: new Date(now + 10 * DAY),
      },
    ])
    .execute();
}, 180_000);
afterAll(() => t?.close());

interface PaidRow {
  id: number;
  email: string;
  tier: string;
  membership_status: string;
  renews_on: string | null;
  ends_on: string | null;
}

async function paidRows(): Promise<PaidRow[]> {
  const res = await rest(finance, 'GET', listPath('paid-users', { range: [0, 499] }));
  expect(res.status).toBe(200);
  return res.json as PaidRow[];
}

describe('membership console', () => {
  it('lists as paid exactly the members whose subscription grants its tier, with tier, status and dates', async () => {
    const rows = await paidRows();
    const withSubscriptions = await t.db
      .selectFrom('membership_subscriptions')
      .select('user_id')
      .distinct()
      .execute();
    const granted: number[] = [];
    for (const { user_id } of withSubscriptions) {
      if ((await entitlementsOf(t.db, user_id)).status !== 'free') granted.push(user_id);
    }
    expect(rows.map((r) => r.id).sort()).toEqual(granted.sort());
    // The demo has every paid tier and each status.
    expect(new Set(rows.map((r) => r.tier))).toEqual(
      new Set(['campaign', 'campaign-pro', 'organizer', 'movement']),
    );
    expect(new Set(rows.map((r) => r.membership_status))).toEqual(new Set(['active', 'cancelling', 'grace']));

    const avery = rows.find((r) => r.email === 'avery-chen@candidates.campaignhq.test');
    expect(avery).toMatchObject({ tier: 'campaign-pro', membership_status: 'active', ends_on: null });
    expect(new Date(avery!.renews_on!).getTime()).toBeGreaterThan(Date.now());
    for (const r of rows.filter((r) => r.membership_status !== 'active')) {
      expect(r.renews_on).toBeNull();
      expect(new Date(r.ends_on!).getTime()).toBeGreaterThan(Date.now());
    }
    // The demo candidate stays Free, so the site's membership page can subscribe her.
    expect(rows.some((r) => r.email === 'candidate@demo.campaignhq.test')).toBe(false);

    const filtered = await rest(finance, 'GET', listPath('paid-users', { filter: { tier: 'movement' } }));
    expect((filtered.json as PaidRow[]).every((r) => r.tier === 'movement')).toBe(true);
    expect(total(filtered.headers)).toBe(rows.filter((r) => r.tier === 'movement').length);

    const csv = await rest(finance, 'GET', listPath('paid-users', { format: 'csv' }));
    expect(csv.status).toBe(200);
    const [header, ...lines] = String(csv.json).trim().split('\r\n');
    expect(header).toContain('tier,membership_status,since,renews_on,ends_on');
    expect(lines).toHaveLength(rows.length);
  });

  it('lists every other member as free, with their track', async () => {
    const paid = new Set((await paidRows()).map((r) => r.id));
    const res = await rest(support, 'GET', listPath('free-users', { range: [0, 499] }));
    expect(res.status).toBe(200);
    const members = await t.db
      .selectFrom('users')
      .select(sql<string>`count(*)`.as('n'))
      .where('is_admin', '=', false)
      .executeTakeFirstOrThrow();
    expect(total(res.headers)).toBe(Number(members.n) - paid.size);
    const rows = res.json as { id: number; email: string; track: string | null; plan: string }[];
    expect(rows.some((r) => paid.has(r.id))).toBe(false);
    expect(rows.every((r) => r.plan === 'free')).toBe(true);
    expect(rows.find((r) => r.email === 'candidate@demo.campaignhq.test')?.track).toBe('candidate');

    const organizations = await rest(
      support,
      'GET',
      listPath('free-users', { filter: { track: 'organization' } }),
    );
    expect((organizations.json as { track: string }[]).every((r) => r.track === 'organization')).toBe(true);
  });

  it('shows MRR as the core computes it, and months whose CSV carries the same numbers', async () => {
    const res = await rest(finance, 'GET', '/subscription-revenue/last-12-months');
    expect(res.status).toBe(200);
    const report = res.json as Parameters<typeof subscriptionRevenueCsvRows>[0];
    const active = await t.db
      .selectFrom('membership_subscriptions')
      .select(sql<string>`coalesce(sum(amount_cents), 0)`.as('sum'))
      .where('status', '=', 'active')
      .where('cancel_at_period_end', '=', false)
      .executeTakeFirstOrThrow();
    expect(report.mrrCents).toBe(await monthlyRecurringRevenueCents(t.db));
    expect(report.mrrCents).toBe(Number(active.sum));
    expect(report.months).toHaveLength(12);
    // The demo's history: money collected in past months, starts and ends.
    expect(report.months.filter((m) => m.collectedCents > 0).length).toBeGreaterThanOrEqual(4);
    expect(report.months.reduce((n, m) => n + m.churned, 0)).toBeGreaterThanOrEqual(2);
    expect(report.months.reduce((n, m) => n + m.started, 0)).toBeGreaterThanOrEqual(7);

    const csv = await rest(finance, 'GET', '/subscription-revenue/last-12-months?format=csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toContain('subscription-revenue.csv');
    const lines = String(csv.json).trim().split('\r\n');
    expect(lines[0]).toBe('month,new,cancelled,churned,collected');
    expect(lines.slice(1, 13)).toEqual(
      report.months.map((m) =>
        csvLine([m.month, m.started, m.cancelled, m.churned, (m.collectedCents / 100).toFixed(2)]).trim(),
      ),
    );
    expect(lines[13]).toBe(`mrr,,,,${(report.mrrCents / 100).toFixed(2)}`);
    expect((await rest(finance, 'GET', '/subscription-revenue/other')).status).toBe(404);
  });

  it('counts paid members on the console home', async () => {
    const home = await rest(finance, 'GET', '/dashboard/summary');
    expect(home.json).toMatchObject({ paidMembers: (await paidRows()).length, notYetAvailable: [] });
    expect((home.json as { paidMembers: number }).paidMembers).toBeGreaterThan(0);
  });

  it('guards each screen with its own permission', async () => {
    const sales = await signedIn(t, STAFF_EMAIL.SALES, DEMO_PASSWORD);
    const marketing = await signedIn(t, STAFF_EMAIL.MARKETING, DEMO_PASSWORD);
    expect((await rest(finance, 'GET', listPath('free-users'))).status).toBe(403);
    expect((await rest(marketing, 'GET', listPath('paid-users'))).status).toBe(403);
    expect((await rest(sales, 'GET', listPath('paid-users'))).status).toBe(200);
    expect((await rest(sales, 'GET', '/subscription-revenue/last-12-months')).status).toBe(403);
    expect((await rest(support, 'GET', '/subscription-revenue/last-12-months?format=csv')).status).toBe(403);
  });

  it('seeds the demo memberships once: a second seed inserts nothing', async () => {
    const count = () =>
      t.db
        .selectFrom('membership_subscriptions')
        .select(sql<string>`count(*)`.as('n'))
        .where('reference', 'like', `${DEMO_SUBSCRIPTION_PREFIX}%`)
        .executeTakeFirstOrThrow();
    const before = Number((await count()).n);
    expect(before).toBe(9);
    expect(await seedDemoMembership(t.db)).toBe(0);
    await seedDatabase(t.db, { members: 150 });
    expect(Number((await count()).n)).toBe(before);
  });
});
