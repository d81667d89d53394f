import { type Kysely, sql } from 'kysely';

/**
 * The SQL of migrations/0025_revenue_rollups.ts, kept apart so the migration reads as tables,
 * functions, backfill and triggers: the statements each rollup's trigger and backfill run. Part of
 * that migration and frozen with it: a later change to a rollup is a new migration, not an edit here.
 */
export const EARNING = `('paid', 'processing', 'shipped', 'delivered', 'return_requested', 'returned')`;
export const LIVE_SUBSCRIPTION = `('active', 'grace', 'ended')`;
export const utcDay = (column: string) => `(${column} AT TIME ZONE 'UTC')::date`;

/** Adds the signed contributions `source` yields (columns keys + cols) to `table`, per key. */
export function upsert(table: string, keys: string[], cols: string[], source: string): string {
  const k = keys.join(', ');
  return `INSERT INTO ${table} AS t (${k}, ${cols.join(', ')})
    SELECT ${k}, ${cols.map((c) => `sum(${c})`).join(', ')} FROM (${source}) x
    GROUP BY ${k} HAVING ${cols.map((c) => `sum(${c}) <> 0`).join(' OR ')}
    ORDER BY ${k}
    ON CONFLICT (${k}) DO UPDATE SET ${cols.map((c) => `${c} = t.${c} + excluded.${c}`).join(', ')}`;
}

/** The rows a statement changed, signed: +1 for what is there now, -1 for what was. */
export const CHANGES = {
  INSERT: 'SELECT 1 AS sign, n.* FROM new_rows n',
  DELETE: 'SELECT -1 AS sign, o.* FROM old_rows o',
  UPDATE: 'SELECT 1 AS sign, n.* FROM new_rows n UNION ALL SELECT -1 AS sign, o.* FROM old_rows o',
} as const;

/**
 * A trigger function running `apply(changes)` on the statement's transition tables (static SQL
 * per operation, as in PostgreSQL's own audit example), and its three statement triggers.
 */
export async function rollupTrigger(
  db: Kysely<unknown>,
  table: string,
  name: string,
  apply: (changes: string) => string,
  declare = '',
): Promise<void> {
  await sql
    .raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $f$
    ${declare ? `DECLARE ${declare};` : ''}
    BEGIN
      IF TG_OP = 'INSERT' THEN ${apply(CHANGES.INSERT)};
      ELSIF TG_OP = 'DELETE' THEN ${apply(CHANGES.DELETE)};
      ELSE ${apply(CHANGES.UPDATE)};
      END IF;
      RETURN NULL;
    END
    $f$`)
    .execute(db);
  for (const op of ['INSERT', 'UPDATE', 'DELETE'] as const) {
    const ref =
      op === 'INSERT'
        ? 'NEW TABLE AS new_rows'
        : op === 'DELETE'
          ? 'OLD TABLE AS old_rows'
          : 'NEW TABLE AS new_rows OLD TABLE AS old_rows';
    await sql
      .raw(`CREATE TRIGGER ${name}_${op.toLowerCase()} AFTER ${op} ON ${table}
      REFERENCING ${ref} FOR EACH STATEMENT EXECUTE FUNCTION ${name}()`)
      .execute(db);
  }
}

// --- Donations: received by the day paid (refunded gifts too: the money came in), refunded by
// the day refunded, as api/modules/donations/revenue.ts counted them.
export const donationDays = (c: string) =>
  upsert(
    'donation_revenue_days',
    ['day'],
    ['gifts', 'gross_cents', 'refunded_cents'],
    `SELECT ${utcDay('coalesce(paid_at, created_at)')} AS day, sign AS gifts,
       sign * amount_cents::bigint AS gross_cents, 0::bigint AS refunded_cents
     FROM (${c}) c WHERE status IN ('paid', 'refunded')
     UNION ALL
     SELECT ${utcDay('refunded_at')}, 0, 0, sign * amount_cents::bigint
     FROM (${c}) c WHERE status = 'refunded' AND refunded_at IS NOT NULL`,
  );
/** Gifts per donor and day (their prev_day chain is then settled for the donors touched). */
export const donorDays = (c: string) =>
  upsert(
    'donation_donor_days',
    ['donor_id', 'day'],
    ['gifts'],
    `SELECT donor_id, ${utcDay('coalesce(paid_at, created_at)')} AS day, sign AS gifts
     FROM (${c}) c WHERE status IN ('paid', 'refunded')`,
  );

export const donorGaps = (c: string) =>
  upsert(
    'donation_donor_gaps',
    ['day', 'prev_month'],
    ['donors'],
    `SELECT day, coalesce(date_trunc('month', prev_day)::date, '0001-01-01'::date) AS prev_month, sign AS donors
     FROM (${c}) c`,
  );

// --- Merchandise: orders by the UTC day paid; earning (kept their money) vs refunded, as
// api/modules/shop/revenue.ts counted them, plus what waits for fulfilment and every paid order.
export const merchandiseDays = (c: string) =>
  upsert(
    'merchandise_revenue_days',
    ['day'],
    [
      'orders',
      'gross_cents',
      'discount_cents',
      'shipping_cents',
      'refunded_orders',
      'refunded_cents',
      'to_fulfil',
      'paid_orders',
    ],
    `SELECT ${utcDay('paid_at')} AS day,
       CASE WHEN status IN ${EARNING} THEN sign ELSE 0 END AS orders,
       CASE WHEN status IN ${EARNING} THEN sign * total_cents::bigint ELSE 0 END AS gross_cents,
       CASE WHEN status IN ${EARNING} THEN sign * discount_cents::bigint ELSE 0 END AS discount_cents,
       CASE WHEN status IN ${EARNING} THEN sign * shipping_cents::bigint ELSE 0 END AS shipping_cents,
       CASE WHEN status = 'refunded' THEN sign ELSE 0 END AS refunded_orders,
       CASE WHEN status = 'refunded' THEN sign * total_cents::bigint ELSE 0 END AS refunded_cents,
       CASE WHEN status IN ('paid', 'processing') THEN sign ELSE 0 END AS to_fulfil,
       sign AS paid_orders
     FROM (${c}) c WHERE paid_at IS NOT NULL`,
  );

// --- Subscription payments: each succeeded charge at its subscription's price, by the UTC day
// recorded (api/modules/membership/revenue.ts). Kept from both sides of the join.
export const collectedFromEvents = (c: string) =>
  upsert(
    'subscription_revenue_days',
    ['day'],
    ['collected_cents'],
    `SELECT ${utcDay('c.created_at')} AS day, c.sign * s.amount_cents::bigint AS collected_cents
     FROM (${c}) c JOIN membership_subscriptions s ON s.reference = c.payable_reference
     WHERE c.payable_kind = 'subscription' AND c.kind = 'payment.succeeded'`,
  );
export const collectedFromSubscriptions = (c: string) =>
  upsert(
    'subscription_revenue_days',
    ['day'],
    ['collected_cents'],
    `SELECT ${utcDay('e.created_at')} AS day, c.sign * c.amount_cents::bigint AS collected_cents
     FROM (${c}) c JOIN payment_events e ON e.payable_reference = c.reference
       AND e.payable_kind = 'subscription' AND e.kind = 'payment.succeeded'`,
  );

// --- Affiliates (api/modules/affiliates/report.ts): clicks by their day, commissions earned by
// the day earned and reversed by the day reversed, payouts by the day recorded.
export const AFFILIATE_COLS = [
  'clicks',
  'conversions',
  'sales_cents',
  'earned_cents',
  'reversed_cents',
  'paid_cents',
];
/**
 * Each affiliate figure three ways: per day and affiliate (a range's edge days), per month and
 * affiliate (a range's whole months: a year is 12 rows an affiliate, not 365), and per day for all
 * affiliates (the chart and the totals).
 */
export const affiliateDays = (source: string) => [
  upsert('affiliate_revenue_days', ['day', 'affiliate_id'], AFFILIATE_COLS, source),
  upsert(
    'affiliate_revenue_months',
    ['month', 'affiliate_id'],
    AFFILIATE_COLS,
    `SELECT date_trunc('month', day)::date AS month, affiliate_id, ${AFFILIATE_COLS.join(', ')} FROM (${source}) s`,
  ),
  upsert(
    'affiliate_revenue_totals',
    ['day'],
    AFFILIATE_COLS,
    `SELECT day, ${AFFILIATE_COLS.join(', ')} FROM (${source}) s`,
  ),
];
export const clickDays = (c: string) =>
  affiliateDays(`SELECT day, affiliate_id, sign AS clicks, 0 AS conversions, 0::bigint AS sales_cents,
    0::bigint AS earned_cents, 0::bigint AS reversed_cents, 0::bigint AS paid_cents FROM (${c}) c`);
export const commissionDays = (c: string) =>
  affiliateDays(`SELECT ${utcDay('earned_at')} AS day, affiliate_id, 0 AS clicks, sign AS conversions,
      sign * base_cents::bigint AS sales_cents, sign * amount_cents::bigint AS earned_cents,
      0::bigint AS reversed_cents, 0::bigint AS paid_cents
    FROM (${c}) c
    UNION ALL
    SELECT ${utcDay('reversed_at')}, affiliate_id, 0, 0, 0, 0, sign * amount_cents::bigint, 0
    FROM (${c}) c WHERE reversed_at IS NOT NULL`);
/** What each affiliate is owed now (earned, not reversed, minus paid): the report sorts by it. */
export const owed = (source: string) =>
  upsert('affiliate_balances', ['affiliate_id'], ['owed_cents'], source);
export const commissionOwed = (c: string) =>
  owed(
    `SELECT affiliate_id, sign * amount_cents::bigint AS owed_cents FROM (${c}) c WHERE reversed_at IS NULL`,
  );
export const payoutOwed = (c: string) =>
  owed(`SELECT affiliate_id, -sign * amount_cents::bigint AS owed_cents FROM (${c}) c`);
export const payoutDays = (c: string) =>
  affiliateDays(`SELECT ${utcDay('created_at')} AS day, affiliate_id, 0 AS clicks, 0 AS conversions,
    0::bigint AS sales_cents, 0::bigint AS earned_cents, 0::bigint AS reversed_cents,
    sign * amount_cents::bigint AS paid_cents FROM (${c}) c`);
