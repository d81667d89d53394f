import { type Kysely, sql } from 'kysely';
import {
  CHANGES,
  clickDays,
  collectedFromEvents,
  collectedFromSubscriptions,
  commissionDays,
  commissionOwed,
  donationDays,
  donorDays,
  donorGaps,
  EARNING,
  LIVE_SUBSCRIPTION,
  merchandiseDays,
  payoutDays,
  payoutOwed,
  rollupTrigger,
  utcDay,
} from './revenue-rollups/rollup-sql';

/**
 * Daily revenue rollups (docs/decisions/0035-revenue-rollups.md): one row per UTC day (and per
 * vendor / affiliate where a screen groups by them), in integer cents, kept by triggers in the
 * transaction of the write that changes the money, whoever writes it (checkout, webhook, refund,
 * payout, seed, a bulk INSERT ... SELECT). The revenue screens read these instead of raw rows.
 *
 * Two shapes of trigger, both statement-level (a bulk load aggregates once, not per row):
 * - row-local contributions (donations, orders' merchandise figures, subscription payments,
 *   affiliate clicks, commissions and payouts): add what the new rows contribute and take away
 *   what the old rows did, summed per key, writing only keys whose sum changes;
 * - contributions that depend on other rows (a vendor's share of an order depends on its lines
 *   and products; a subscription's churn on whether another replaced it) are remembered in a
 *   *_marks table; a change recomputes the affected keys and applies the difference.
 * Upserts add (`x = t.x + excluded.x`) under the key row's lock, in key order, so concurrent
 * writes lose no increment.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE donation_revenue_days (
      day date PRIMARY KEY,
      gifts integer NOT NULL,
      gross_cents bigint NOT NULL,
      refunded_cents bigint NOT NULL
    )`.execute(db);
  // prev_day: the donor's previous day with a gift. The distinct donors of a range are its rows
  // whose previous day is before the range (or none): a count over an index, no DISTINCT.
  await sql`
    CREATE TABLE donation_donor_days (
      donor_id integer NOT NULL,
      day date NOT NULL,
      gifts integer NOT NULL,
      prev_day date,
      PRIMARY KEY (donor_id, day)
    )`.execute(db);
  await sql`CREATE INDEX donation_donor_days_prev ON donation_donor_days (prev_day, day)`.execute(db);
  // Donor-days per day by the month of their previous day ('0001-01-01': none): a range's donors
  // are its days' rows whose previous day is in an earlier month, read here (tens of rows a day),
  // plus the few whose previous day is earlier in the range's first month (the index above).
  await sql`
    CREATE TABLE donation_donor_gaps (
      day date NOT NULL,
      prev_month date NOT NULL,
      donors integer NOT NULL,
      PRIMARY KEY (day, prev_month)
    )`.execute(db);
  await sql`
    CREATE TABLE merchandise_revenue_days (
      day date PRIMARY KEY,
      orders integer NOT NULL,
      gross_cents bigint NOT NULL,
      discount_cents bigint NOT NULL,
      shipping_cents bigint NOT NULL,
      refunded_orders integer NOT NULL,
      refunded_cents bigint NOT NULL,
      to_fulfil integer NOT NULL,
      paid_orders integer NOT NULL
    )`.execute(db);
  // Vendor sales by day and vendor (orders: orders holding that vendor's lines), the distinct
  // orders holding any vendor line by day, and what each order contributes now.
  await sql`
    CREATE TABLE partner_revenue_days (
      day date NOT NULL,
      vendor_id integer NOT NULL,
      orders integer NOT NULL,
      sales_cents bigint NOT NULL,
      PRIMARY KEY (day, vendor_id)
    )`.execute(db);
  await sql`CREATE TABLE partner_order_days (day date PRIMARY KEY, orders integer NOT NULL)`.execute(db);
  await sql`
    CREATE TABLE partner_revenue_marks (
      order_id integer NOT NULL,
      vendor_id integer NOT NULL,
      day date NOT NULL,
      sales_cents bigint NOT NULL,
      PRIMARY KEY (order_id, vendor_id)
    )`.execute(db);
  await sql`
    CREATE TABLE subscription_revenue_days (
      day date PRIMARY KEY,
      started integer NOT NULL DEFAULT 0,
      cancelled integer NOT NULL DEFAULT 0,
      churned integer NOT NULL DEFAULT 0,
      collected_cents bigint NOT NULL DEFAULT 0
    )`.execute(db);
  await sql`
    CREATE TABLE subscription_revenue_marks (
      subscription_id integer PRIMARY KEY,
      started_day date,
      cancelled_day date,
      churned_day date
    )`.execute(db);
  await sql`
    CREATE TABLE affiliate_revenue_days (
      day date NOT NULL,
      affiliate_id integer NOT NULL,
      clicks integer NOT NULL,
      conversions integer NOT NULL,
      sales_cents bigint NOT NULL,
      earned_cents bigint NOT NULL,
      reversed_cents bigint NOT NULL,
      paid_cents bigint NOT NULL,
      PRIMARY KEY (day, affiliate_id)
    )`.execute(db);
  const affiliateFigures = `clicks integer NOT NULL, conversions integer NOT NULL, sales_cents bigint NOT NULL,
      earned_cents bigint NOT NULL, reversed_cents bigint NOT NULL, paid_cents bigint NOT NULL`;
  await sql
    .raw(`CREATE TABLE affiliate_revenue_months (
      month date NOT NULL, affiliate_id integer NOT NULL, ${affiliateFigures}, PRIMARY KEY (month, affiliate_id))`)
    .execute(db);
  await sql
    .raw(`CREATE TABLE affiliate_revenue_totals (day date PRIMARY KEY, ${affiliateFigures})`)
    .execute(db);
  await sql`
    CREATE TABLE affiliate_balances (affiliate_id integer PRIMARY KEY, owed_cents bigint NOT NULL)`.execute(
    db,
  );

  // Lookups the triggers (and the last-30-days edge of the merchandise figure) make.
  await sql`CREATE INDEX order_items_order ON order_items (order_id)`.execute(db);
  await sql`CREATE INDEX order_items_variant ON order_items (variant_id)`.execute(db);
  await sql`CREATE INDEX orders_paid_at ON orders (paid_at) INCLUDE (status, total_cents)
    WHERE paid_at IS NOT NULL`.execute(db);
  await sql`CREATE INDEX payment_events_subscription_paid ON payment_events (payable_reference)
    WHERE payable_kind = 'subscription' AND kind = 'payment.succeeded'`.execute(db);
  await sql`CREATE INDEX membership_subscriptions_replaces ON membership_subscriptions (replaces_id)
    WHERE replaces_id IS NOT NULL`.execute(db);

  await functions(db);
  await backfill(db);
  await triggers(db);
}

async function functions(db: Kysely<unknown>): Promise<void> {
  // A donor's days, re-linked: drops days whose gifts went back to zero, sets each prev_day.
  await sql`
    CREATE FUNCTION donation_donor_days_settle(donors integer[]) RETURNS void LANGUAGE plpgsql AS $f$
    BEGIN
      IF donors IS NULL THEN RETURN; END IF;
      DELETE FROM donation_donor_days t USING unnest(donors) u (id) WHERE t.donor_id = u.id AND t.gifts = 0;
      UPDATE donation_donor_days t SET prev_day = x.prev
      FROM (
        SELECT d.donor_id, d.day, lag(d.day) OVER (PARTITION BY d.donor_id ORDER BY d.day) AS prev
        FROM donation_donor_days d JOIN unnest(donors) u (id) ON d.donor_id = u.id
      ) x
      WHERE t.donor_id = x.donor_id AND t.day = x.day AND t.prev_day IS DISTINCT FROM x.prev;
    END
    $f$`.execute(db);

  // What each order gives each vendor now: its lines of that vendor's products, if it kept its money.
  await sql
    .raw(`
    CREATE FUNCTION partner_revenue_now(ids integer[])
    RETURNS TABLE (order_id integer, vendor_id integer, day date, sales_cents bigint)
    LANGUAGE sql STABLE AS $f$
      SELECT o.id, p.vendor_id, ${utcDay('o.paid_at')}, sum(i.line_total_cents)::bigint
      FROM unnest(ids) a (id)
      JOIN orders o ON o.id = a.id
      JOIN order_items i ON i.order_id = o.id
      JOIN product_variants v ON v.id = i.variant_id
      JOIN products p ON p.id = v.product_id
      WHERE p.vendor_id IS NOT NULL AND o.paid_at IS NOT NULL AND o.status IN ${EARNING}
      GROUP BY 1, 2, 3
    $f$`)
    .execute(db);
  await sql`
    CREATE FUNCTION partner_revenue_refresh(ids integer[]) RETURNS void LANGUAGE plpgsql AS $f$
    BEGIN
      IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
      WITH was AS (
        DELETE FROM partner_revenue_marks m USING unnest(ids) a (id) WHERE m.order_id = a.id RETURNING m.*
      ), delta AS (
        SELECT order_id, vendor_id, day, 1 AS n, sales_cents FROM partner_revenue_now(ids)
        UNION ALL
        SELECT order_id, vendor_id, day, -1, -sales_cents FROM was
      ), per_day AS (
        INSERT INTO partner_order_days AS t (day, orders)
        SELECT day, sum(n) FROM (SELECT DISTINCT order_id, day, n FROM delta) x
        GROUP BY day HAVING sum(n) <> 0 ORDER BY day
        ON CONFLICT (day) DO UPDATE SET orders = t.orders + excluded.orders
      )
      INSERT INTO partner_revenue_days AS t (day, vendor_id, orders, sales_cents)
      SELECT day, vendor_id, sum(n), sum(sales_cents) FROM delta
      GROUP BY day, vendor_id HAVING sum(n) <> 0 OR sum(sales_cents) <> 0 ORDER BY day, vendor_id
      ON CONFLICT (day, vendor_id) DO UPDATE SET orders = t.orders + excluded.orders,
        sales_cents = t.sales_cents + excluded.sales_cents;
      INSERT INTO partner_revenue_marks SELECT * FROM partner_revenue_now(ids);
    END
    $f$`.execute(db);

  // What each subscription counts toward now (api/modules/membership/revenue.ts's months): started
  // (a first live subscription, by the day created), cancelled (set to end, by its period end),
  // churned (ended and not replaced by a live one, by the day ended).
  await sql
    .raw(`
    CREATE FUNCTION subscription_revenue_now(ids integer[])
    RETURNS TABLE (subscription_id integer, started_day date, cancelled_day date, churned_day date)
    LANGUAGE sql STABLE AS $f$
      SELECT * FROM (
        SELECT s.id,
          CASE WHEN s.status IN ${LIVE_SUBSCRIPTION} AND s.replaces_id IS NULL THEN ${utcDay('s.created_at')} END,
          CASE WHEN s.status IN ('active', 'ended') AND s.cancel_at_period_end THEN ${utcDay('s.current_period_end')} END,
          CASE WHEN s.status = 'ended' AND NOT EXISTS (
            SELECT 1 FROM membership_subscriptions r WHERE r.replaces_id = s.id AND r.status IN ${LIVE_SUBSCRIPTION}
          ) THEN ${utcDay('s.ended_at')} END
        FROM unnest(ids) a (id) JOIN membership_subscriptions s ON s.id = a.id
      ) x (subscription_id, started_day, cancelled_day, churned_day)
      WHERE started_day IS NOT NULL OR cancelled_day IS NOT NULL OR churned_day IS NOT NULL
    $f$`)
    .execute(db);
  await sql`
    CREATE FUNCTION subscription_revenue_refresh(ids integer[]) RETURNS void LANGUAGE plpgsql AS $f$
    BEGIN
      IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
      WITH was AS (
        DELETE FROM subscription_revenue_marks m USING unnest(ids) a (id) WHERE m.subscription_id = a.id
        RETURNING m.*
      ), now_rows AS (
        SELECT * FROM subscription_revenue_now(ids)
      ), delta AS (
        SELECT started_day AS day, 1 AS started, 0 AS cancelled, 0 AS churned FROM now_rows
        UNION ALL SELECT cancelled_day, 0, 1, 0 FROM now_rows
        UNION ALL SELECT churned_day, 0, 0, 1 FROM now_rows
        UNION ALL SELECT started_day, -1, 0, 0 FROM was
        UNION ALL SELECT cancelled_day, 0, -1, 0 FROM was
        UNION ALL SELECT churned_day, 0, 0, -1 FROM was
      )
      INSERT INTO subscription_revenue_days AS t (day, started, cancelled, churned)
      SELECT day, sum(started), sum(cancelled), sum(churned) FROM delta WHERE day IS NOT NULL
      GROUP BY day HAVING sum(started) <> 0 OR sum(cancelled) <> 0 OR sum(churned) <> 0 ORDER BY day
      ON CONFLICT (day) DO UPDATE SET started = t.started + excluded.started,
        cancelled = t.cancelled + excluded.cancelled, churned = t.churned + excluded.churned;
      INSERT INTO subscription_revenue_marks SELECT * FROM subscription_revenue_now(ids);
    END
    $f$`.execute(db);
}

/** The rollups of the rows already there, by the same SQL the triggers run. */
async function backfill(db: Kysely<unknown>): Promise<void> {
  const all = (table: string) => `SELECT 1 AS sign, r.* FROM ${table} r`;
  await sql.raw(donationDays(all('donations'))).execute(db);
  await sql.raw(donorDays(all('donations'))).execute(db);
  await sql`SELECT donation_donor_days_settle(ARRAY(SELECT DISTINCT donor_id FROM donation_donor_days))`.execute(
    db,
  );
  await sql.raw(donorGaps(all('donation_donor_days'))).execute(db);
  await sql.raw(merchandiseDays(all('orders'))).execute(db);
  await sql`SELECT partner_revenue_refresh(ARRAY(SELECT id FROM orders WHERE paid_at IS NOT NULL))`.execute(
    db,
  );
  await sql`SELECT subscription_revenue_refresh(ARRAY(SELECT id FROM membership_subscriptions))`.execute(db);
  await sql.raw(collectedFromEvents(all('payment_events'))).execute(db);
  for (const statement of [
    ...clickDays(all('affiliate_clicks')),
    ...commissionDays(all('affiliate_commissions')),
    ...payoutDays(all('affiliate_payouts')),
  ]) {
    await sql.raw(statement).execute(db);
  }
  await sql.raw(commissionOwed(all('affiliate_commissions'))).execute(db);
  await sql.raw(payoutOwed(all('affiliate_payouts'))).execute(db);
}

async function triggers(db: Kysely<unknown>): Promise<void> {
  await rollupTrigger(
    db,
    'donations',
    'donations_revenue_rollup',
    (c) => `${donationDays(c)};
      WITH up AS (${donorDays(c)} RETURNING t.donor_id) SELECT array_agg(DISTINCT donor_id) INTO donors FROM up;
      PERFORM donation_donor_days_settle(donors)`,
    'donors integer[]',
  );
  await rollupTrigger(db, 'donation_donor_days', 'donation_donor_days_gaps', donorGaps);
  // Only orders whose money-bearing columns changed are recomputed for their vendors.
  const changedOrders = (c: string) =>
    c === CHANGES.UPDATE
      ? `SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
         WHERE (n.status, n.paid_at) IS DISTINCT FROM (o.status, o.paid_at)`
      : c === CHANGES.INSERT
        ? 'SELECT id FROM new_rows'
        : 'SELECT id FROM old_rows';
  await rollupTrigger(
    db,
    'orders',
    'orders_revenue_rollup',
    (c) => `${merchandiseDays(c)}; PERFORM partner_revenue_refresh(ARRAY(${changedOrders(c)}))`,
  );
  await rollupTrigger(
    db,
    'order_items',
    'order_items_revenue_rollup',
    (c) => `PERFORM partner_revenue_refresh(ARRAY(SELECT DISTINCT order_id FROM (${c}) c))`,
  );
  // A product given to (or taken from) a vendor moves its past sales with it, as the raw report
  // (which joined the product's current vendor) did.
  await sql`
    CREATE FUNCTION products_vendor_revenue_rollup() RETURNS trigger LANGUAGE plpgsql AS $f$
    BEGIN
      PERFORM partner_revenue_refresh(ARRAY(
        SELECT DISTINCT i.order_id FROM new_rows n
        JOIN old_rows o ON o.id = n.id AND o.vendor_id IS DISTINCT FROM n.vendor_id
        JOIN product_variants v ON v.product_id = n.id
        JOIN order_items i ON i.variant_id = v.id));
      RETURN NULL;
    END
    $f$`.execute(db);
  await sql`
    CREATE TRIGGER products_vendor_revenue_rollup AFTER UPDATE ON products
    REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION products_vendor_revenue_rollup()`.execute(db);
  // A subscription's own figures, and its predecessor's churn (replaced or not).
  await rollupTrigger(
    db,
    'membership_subscriptions',
    'membership_subscriptions_revenue_rollup',
    (c) => `${collectedFromSubscriptions(c)};
      PERFORM subscription_revenue_refresh(ARRAY(
        SELECT id FROM (${c}) c UNION SELECT replaces_id FROM (${c}) c WHERE replaces_id IS NOT NULL))`,
  );
  await rollupTrigger(db, 'payment_events', 'payment_events_revenue_rollup', collectedFromEvents);
  await rollupTrigger(db, 'affiliate_clicks', 'affiliate_clicks_revenue_rollup', (c) =>
    clickDays(c).join('; '),
  );
  await rollupTrigger(db, 'affiliate_commissions', 'affiliate_commissions_revenue_rollup', (c) =>
    [...commissionDays(c), commissionOwed(c)].join('; '),
  );
  await rollupTrigger(db, 'affiliate_payouts', 'affiliate_payouts_revenue_rollup', (c) =>
    [...payoutDays(c), payoutOwed(c)].join('; '),
  );
}

const TRIGGERS = [
  ['donations', 'donations_revenue_rollup'],
  ['donation_donor_days', 'donation_donor_days_gaps'],
  ['orders', 'orders_revenue_rollup'],
  ['order_items', 'order_items_revenue_rollup'],
  ['membership_subscriptions', 'membership_subscriptions_revenue_rollup'],
  ['payment_events', 'payment_events_revenue_rollup'],
  ['affiliate_clicks', 'affiliate_clicks_revenue_rollup'],
  ['affiliate_commissions', 'affiliate_commissions_revenue_rollup'],
  ['affiliate_payouts', 'affiliate_payouts_revenue_rollup'],
] as const;

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS products_vendor_revenue_rollup ON products`.execute(db);
  await sql`DROP FUNCTION IF EXISTS products_vendor_revenue_rollup()`.execute(db);
  for (const [table, name] of TRIGGERS) {
    for (const op of ['insert', 'update', 'delete']) {
      await sql.raw(`DROP TRIGGER IF EXISTS ${name}_${op} ON ${table}`).execute(db);
    }
    await sql.raw(`DROP FUNCTION IF EXISTS ${name}()`).execute(db);
  }
  for (const fn of [
    'subscription_revenue_refresh(integer[])',
    'subscription_revenue_now(integer[])',
    'partner_revenue_refresh(integer[])',
    'partner_revenue_now(integer[])',
    'donation_donor_days_settle(integer[])',
  ]) {
    await sql.raw(`DROP FUNCTION IF EXISTS ${fn}`).execute(db);
  }
  for (const index of [
    'membership_subscriptions_replaces',
    'payment_events_subscription_paid',
    'orders_paid_at',
    'order_items_order',
    'order_items_variant',
  ]) {
    await sql.raw(`DROP INDEX IF EXISTS ${index}`).execute(db);
  }
  for (const table of [
    'affiliate_balances',
    'affiliate_revenue_totals',
    'affiliate_revenue_months',
    'affiliate_revenue_days',
    'subscription_revenue_marks',
    'subscription_revenue_days',
    'partner_revenue_marks',
    'partner_order_days',
    'partner_revenue_days',
    'merchandise_revenue_days',
    'donation_donor_gaps',
    'donation_donor_days',
    'donation_revenue_days',
  ]) {
    await sql.raw(`DROP TABLE IF EXISTS ${table}`).execute(db);
  }
}
