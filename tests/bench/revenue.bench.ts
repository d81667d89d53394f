/**
 * Revenue screens at scale (`npm run bench -- revenue`; needs DATABASE_URL, PostgreSQL: it creates
 * its own database there and drops it at the end).
 *
 * Seeds the demo data, then with bulk INSERT ... SELECT generate_series (the rollup triggers of
 * migrations/0025_revenue_rollups.ts aggregate each statement once): BENCH_ORDERS orders (default
 * 1,000,000, 1-2 lines each, some vendor-owned, 10% referred, 5% refunded, a payment event each)
 * and BENCH_GIFTS gifts (default 1,000,000 from 200,000 donors, 3% refunded) over three years,
 * 20,000 subscriptions with their monthly charges, 2,000 affiliates with clicks, commissions
 * (reversed with their refunded orders) and payouts. Then a signed-in FINANCE session asks every
 * revenue screen's REST request through the real app (app.request: every middleware, the
 * permission check, JSON), for a year and a month where the screen takes a range, and prints
 * p50/p95 per request. Goal (issue 20 item 4): p95 < 100 ms. For scale it also times a raw sum
 * over the orders and gifts (what the screens used to read) and checks that the year's figures
 * equal it. The process fails when a screen misses the goal or a figure is wrong.
 */
import { sql } from 'kysely';
import type { DonationRevenueReport } from '../../api/contract/donation-reports';
import type { PartnerRevenueReport } from '../../api/contract/partner-revenue';
import { DEMO_PASSWORD } from '../../api/seed/demo-accounts';
import { seedDatabase } from '../../api/seed/seed';
import { rest, STAFF_EMAIL, signedIn } from '../factories/staff';
import { createTestApp } from '../factories/test-app';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const GIFTS = Number(process.env.BENCH_GIFTS ?? 1_000_000);
const DONORS = 200_000;
const SUBSCRIPTIONS = 20_000;
const AFFILIATES = 2_000;
const DAYS = 1095;
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const GOAL_MS = 100;

if (!process.env.DATABASE_URL) {
  console.error('Set DATABASE_URL to a PostgreSQL server: this benchmark creates its own database there.');
  process.exit(1);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);

async function step(label: string, run: () => Promise<unknown>) {
  const started = performance.now();
  await run();
  console.log(`  ${label.padEnd(58)} ${(Math.round(performance.now() - started) / 1000).toFixed(1)} s`);
}

const t = await createTestApp();
const db = t.db;
const misses: string[] = [];
try {
  console.log('Seeding:');
  await step('demo data (staff, vendor, candidate)', () => seedDatabase(db, { members: 0 }));
  const rangeSql = (i: string) =>
    sql.raw(`now() - ((${i}::bigint * 7919) % ${DAYS * 1440}) * interval '1 minute'`);

  await step(`${AFFILIATES} affiliates, 50 vendors, 200 products`, async () => {
    await sql`INSERT INTO users (email, kind, first_name, last_name, org_name)
      SELECT 'bench-vendor-' || g || '@bench.test', 'organization', 'Vendor', 'No' || g, 'Bench Vendor ' || g
      FROM generate_series(1, 50) g`.execute(db);
    await sql`INSERT INTO users (email, kind, first_name, last_name)
      SELECT 'bench-affiliate-' || g || '@bench.test', 'individual', 'Affiliate', 'No' || g
      FROM generate_series(1, ${AFFILIATES}) g`.execute(db);
    await sql`INSERT INTO affiliates (user_id, code)
      SELECT id, 'B' || lpad(id::text, 7, '0') FROM users WHERE email LIKE 'bench-affiliate-%'`.execute(db);
    await sql`INSERT INTO products (slug, title, description, category, shape, price_cents, images, vendor_id)
      SELECT 'bench-product-' || g, 'Bench product ' || g, 'For the benchmark.', 'apparel', 'shirt',
        1000 + g * 10, '[]'::jsonb,
        CASE WHEN g % 2 = 0 THEN (SELECT id FROM users WHERE email = 'bench-vendor-' || (1 + g % 50) || '@bench.test') END
      FROM generate_series(1, 200) g`.execute(db);
    await sql`INSERT INTO product_variants (product_id, size, color, color_hex, stock)
      SELECT id, 'M', 'Black', '#000000', 1000000 FROM products WHERE slug LIKE 'bench-product-%'`.execute(
      db,
    );
  });

  await step(`${ORDERS.toLocaleString('en-US')} orders over ${DAYS} days`, () =>
    sql`INSERT INTO orders (number, email, status, subtotal_cents, discount_cents, shipping_cents, total_cents,
        shipping_option, address, payment_token, paid_at, created_at, updated_at, affiliate_id)
      SELECT 'CHQ-B' || i, 'buyer' || (i % 50000) || '@bench.test',
        CASE WHEN i % 20 = 0 THEN 'refunded' WHEN i % 50 = 1 THEN 'paid' WHEN i % 50 = 2 THEN 'processing'
          WHEN i % 50 = 3 THEN 'shipped' WHEN i % 100 = 4 THEN 'returned' ELSE 'delivered' END,
        3000 + (i % 97) * 100, CASE WHEN i % 9 = 0 THEN 500 ELSE 0 END, 700,
        3000 + (i % 97) * 100 - CASE WHEN i % 9 = 0 THEN 500 ELSE 0 END + 700,
        'standard', '{}'::jsonb, 'tok-b-' || i, ${rangeSql('i')}, ${rangeSql('i')}, now(),
        CASE WHEN i % 10 = 0 THEN (SELECT min(id) FROM affiliates) + i % ${AFFILIATES} END
      FROM generate_series(1, ${ORDERS}) i`.execute(db),
  );
  await step('order lines (1-2 an order)', () =>
    sql`WITH v AS (SELECT row_number() OVER (ORDER BY pv.id) - 1 AS n, pv.id, p.title, p.price_cents
          FROM product_variants pv JOIN products p ON p.id = pv.product_id WHERE p.slug LIKE 'bench-product-%')
      INSERT INTO order_items (order_id, variant_id, title, size, color, quantity, unit_price_cents, line_total_cents)
      SELECT o.id, v.id, v.title, 'M', 'Black', 1, v.price_cents, v.price_cents
      FROM orders o CROSS JOIN generate_series(0, 1) k
      JOIN v ON v.n = (o.id * 31 + k) % 200
      WHERE o.number LIKE 'CHQ-B%' AND (k = 0 OR o.id % 2 = 0)`.execute(db),
  );
  await step('a payment event per order', () =>
    sql`INSERT INTO payment_events (event_id, order_id, kind, payable_kind, payable_reference, created_at)
      SELECT 'evt_b_' || id, id, 'payment.succeeded', 'order', number, paid_at
      FROM orders WHERE number LIKE 'CHQ-B%'`.execute(db),
  );
  await step('commissions on referred orders (reversed when refunded)', () =>
    sql`INSERT INTO affiliate_commissions (affiliate_id, source_kind, source_reference, base_cents, amount_cents,
        earned_at, reversed_at)
      SELECT affiliate_id, 'order', number, subtotal_cents - discount_cents, (subtotal_cents - discount_cents) / 10,
        paid_at, CASE WHEN status = 'refunded' THEN paid_at + interval '3 days' END
      FROM orders WHERE affiliate_id IS NOT NULL AND number LIKE 'CHQ-B%'`.execute(db),
  );
  await step('affiliate clicks and payouts', async () => {
    await sql`INSERT INTO affiliate_clicks (affiliate_id, token, visitor_hash, day, created_at)
      SELECT (SELECT min(id) FROM affiliates) + i % ${AFFILIATES}, 'ck-' || i, 'v' || i,
        (${rangeSql('i')})::date, ${rangeSql('i')}
      FROM generate_series(1, 300000) i`.execute(db);
    await sql`INSERT INTO affiliate_payouts (affiliate_id, amount_cents, settled_by, created_at)
      SELECT (SELECT min(id) FROM affiliates) + i % ${AFFILIATES}, 1000 + i % 5000,
        (SELECT id FROM users WHERE is_admin ORDER BY id LIMIT 1), ${rangeSql('i')}
      FROM generate_series(1, 5000) i`.execute(db);
  });

  await step(`${DONORS.toLocaleString('en-US')} donors, ${GIFTS.toLocaleString('en-US')} gifts`, async () => {
    await sql`INSERT INTO donors (email_key, name_key, zip5)
      SELECT 'donor' || g || '@bench.test', 'dana donor' || g, '43215' FROM generate_series(1, ${DONORS}) g`.execute(
      db,
    );
    await sql`INSERT INTO donations (reference, candidate_id, donor_id, amount_cents, election, status, first_name,
        last_name, email, street, city, state, zip, attested_at, created_at, paid_at, refunded_at, refund_reason)
      SELECT 'DON-B' || i, (SELECT id FROM users WHERE is_candidate ORDER BY id LIMIT 1),
        (SELECT min(id) FROM donors) + (i * 7) % ${DONORS}, 500 + (i % 200) * 100, 'primary',
        CASE WHEN i % 33 = 0 THEN 'refunded' WHEN i % 50 = 1 THEN 'failed' ELSE 'paid' END,
        'Dana', 'Donor', 'dana@bench.test', '1 Elm', 'Columbus', 'OH', '43215',
        ${rangeSql('i')}, ${rangeSql('i')},
        CASE WHEN i % 50 = 1 THEN NULL ELSE ${rangeSql('i')} END,
        CASE WHEN i % 33 = 0 THEN ${rangeSql('i')} + interval '2 days' END,
        CASE WHEN i % 33 = 0 THEN 'Donor asked' END
      FROM generate_series(1, ${GIFTS}) i`.execute(db);
  });

  await step(`${SUBSCRIPTIONS.toLocaleString('en-US')} subscriptions and their monthly charges`, async () => {
    await sql`INSERT INTO users (email, kind, first_name, last_name, is_candidate)
      SELECT 'bench-member-' || g || '@bench.test', 'individual', 'Member', 'No' || g, true
      FROM generate_series(1, ${SUBSCRIPTIONS}) g`.execute(db);
    await sql`INSERT INTO membership_subscriptions (reference, user_id, tier, amount_cents, status, current_period_end,
        cancel_at_period_end, created_at, ended_at)
      SELECT 'SUB-B' || u.id, u.id, CASE WHEN u.id % 3 = 0 THEN 'campaign-pro' ELSE 'campaign' END,
        CASE WHEN u.id % 3 = 0 THEN 9900 ELSE 2900 END,
        CASE WHEN u.id % 4 = 0 THEN 'ended' ELSE 'active' END,
        now() + ((u.id % 28) * interval '1 day'), u.id % 10 = 0,
        now() - ((u.id % 700) * interval '1 day'),
        CASE WHEN u.id % 4 = 0 THEN now() - ((u.id % 300) * interval '1 day') END
      FROM users u WHERE u.email LIKE 'bench-member-%'`.execute(db);
    await sql`INSERT INTO payment_events (event_id, kind, payable_kind, payable_reference, created_at)
      SELECT 'evt_s_' || s.id || '_' || m, 'payment.succeeded', 'subscription', s.reference,
        s.created_at + m * interval '1 month'
      FROM membership_subscriptions s
      CROSS JOIN generate_series(0, 23) m
      WHERE s.reference LIKE 'SUB-B%' AND s.created_at + m * interval '1 month' < coalesce(s.ended_at, now())`.execute(
      db,
    );
  });
  // What autovacuum does after a bulk load: statistics, and the visibility map index-only scans need.
  await step('VACUUM ANALYZE', () => sql`VACUUM ANALYZE`.execute(db));

  const finance = await signedIn(t, STAFF_EMAIL.FINANCE, DEMO_PASSWORD);
  const year = `${day(365)}..${day(0)}`;
  const month = `${day(29)}..${day(0)}`;
  const requests: [string, string][] = [
    ['donations, a year', `/donation-revenue/${year}`],
    ['donations, a month', `/donation-revenue/${month}`],
    ['donations CSV, a year', `/donation-revenue/${year}?format=csv`],
    ['merchandise (all time, last 30 days, 12 months)', '/merchandise-revenue/summary'],
    ['subscriptions (12 months, MRR)', '/subscription-revenue/last-12-months'],
    ['partners, a year', `/partner-revenue/${year}`],
    ['partners, a month', `/partner-revenue/${month}`],
    ['affiliates, a year', `/affiliate-report/${year}`],
    ['affiliates, a month', `/affiliate-report/${month}`],
    ['dashboard home (order counts)', '/dashboard/summary'],
  ];
  // One round of every request first: the bulk load left the buffer cache full of raw rows, and
  // the first screen timed would otherwise pay for reading the rollups from disk.
  for (const [, path] of requests) {
    const first = await rest(finance, 'GET', path);
    if (first.status !== 200) throw new Error(`${path} answered ${first.status}`);
  }
  console.log(
    `\nREST requests as FINANCE, ${RUNS} runs each after a warm-up round (goal p95 < ${GOAL_MS} ms):`,
  );
  for (const [label, path] of requests) {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      const res = await rest(finance, 'GET', path);
      times.push(performance.now() - started);
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    if (p95 >= GOAL_MS) misses.push(`${label}: p95 ${p95.toFixed(1)} ms`);
    console.log(
      `  ${label.padEnd(48)} p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms`,
    );
  }

  // The raw sums the screens used to compute, once each: their time for scale, and equality.
  console.log('\nThe same year from the raw rows (what the screens read before the rollups):');
  const [from, to] = year.split('..') as [string, string];
  const end = new Date(new Date(`${to}T00:00:00Z`).getTime() + 86_400_000);
  let started = performance.now();
  const rawGifts = await sql<{ gross: string; donors: string }>`
    SELECT coalesce(sum(amount_cents), 0)::text AS gross, count(DISTINCT donor_id)::text AS donors FROM donations
    WHERE status IN ('paid', 'refunded') AND coalesce(paid_at, created_at) >= ${new Date(`${from}T00:00:00Z`)}
      AND coalesce(paid_at, created_at) < ${end}`.execute(db);
  const rawGiftsMs = performance.now() - started;
  started = performance.now();
  const rawVendor = await sql<{ cents: string; orders: string }>`
    SELECT coalesce(sum(i.line_total_cents), 0)::text AS cents, count(DISTINCT o.id)::text AS orders
    FROM order_items i JOIN orders o ON o.id = i.order_id
    JOIN product_variants v ON v.id = i.variant_id JOIN products p ON p.id = v.product_id
    WHERE p.vendor_id IS NOT NULL AND o.status IN ('paid', 'processing', 'shipped', 'delivered', 'return_requested', 'returned')
      AND o.paid_at >= ${new Date(`${from}T00:00:00Z`)} AND o.paid_at < ${end}`.execute(db);
  const rawVendorMs = performance.now() - started;
  const gifts = (await rest(finance, 'GET', `/donation-revenue/${year}`)).json as DonationRevenueReport;
  const partners = (await rest(finance, 'GET', `/partner-revenue/${year}`)).json as PartnerRevenueReport;
  console.log(
    `  gifts: gross ${rawGifts.rows[0]!.gross} cents, ${rawGifts.rows[0]!.donors} donors in ${rawGiftsMs.toFixed(0)} ms; screen: ${gifts.totals.grossCents}, ${gifts.totals.donors}`,
  );
  console.log(
    `  vendor sales: ${rawVendor.rows[0]!.cents} cents in ${rawVendor.rows[0]!.orders} orders in ${rawVendorMs.toFixed(0)} ms; screen: ${partners.totals.salesCents}, ${partners.totals.orders}`,
  );
  if (
    gifts.totals.grossCents !== Number(rawGifts.rows[0]!.gross) ||
    gifts.totals.donors !== Number(rawGifts.rows[0]!.donors) ||
    partners.totals.salesCents !== Number(rawVendor.rows[0]!.cents) ||
    partners.totals.orders !== Number(rawVendor.rows[0]!.orders)
  ) {
    throw new Error('a screen disagrees with the raw rows');
  }
} finally {
  await t.close();
}
if (misses.length > 0) {
  console.error(`\nMissed the ${GOAL_MS} ms goal: ${misses.join('; ')}`);
  process.exit(1);
}
console.log(`\nEvery revenue request answered within ${GOAL_MS} ms at p95.`);
