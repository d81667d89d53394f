import { type Kysely, sql } from 'kysely';

/**
 * The merchandise shop (issue 6): products with variants and stock, orders with their items and
 * status history, and the payment events already handled (their ids make webhooks idempotent).
 * Stock can never go negative (CHECK) and is only taken by a conditional update at checkout.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('products')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    // A value of the `product` reference list.
    .addColumn('category', 'text', (c) => c.notNull())
    // Which silhouette the image route draws: tshirt, cap, mug, sign, button, sticker, tote.
    .addColumn('shape', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull().check(sql`price_cents > 0`))
    .addColumn('images', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('vendor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('featured', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('units_sold', 'integer', (c) => c.notNull().defaultTo(0).check(sql`units_sold >= 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX products_best_sellers ON products (units_sold DESC, id)`.execute(db);

  await db.schema
    .createTable('product_variants')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('size', 'text', (c) => c.notNull())
    .addColumn('color', 'text', (c) => c.notNull())
    .addColumn('color_hex', 'text', (c) => c.notNull().check(sql`color_hex ~ '^#[0-9a-fA-F]{6}$'`))
    .addColumn('stock', 'integer', (c) => c.notNull().check(sql`stock >= 0`))
    .addUniqueConstraint('product_variants_unique', ['product_id', 'size', 'color'])
    .execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    // A value of the `orderstatusoptions` reference list.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('status_reason', 'text')
    .addColumn('subtotal_cents', 'integer', (c) => c.notNull().check(sql`subtotal_cents >= 0`))
    .addColumn('discount_cents', 'integer', (c) => c.notNull().check(sql`discount_cents >= 0`))
    .addColumn('shipping_cents', 'integer', (c) => c.notNull().check(sql`shipping_cents >= 0`))
    .addColumn('total_cents', 'integer', (c) => c.notNull().check(sql`total_cents >= 0`))
    .addColumn('coupon_id', 'integer', (c) => c.references('coupons.id').onDelete('set null'))
    .addColumn('shipping_option', 'text', (c) => c.notNull())
    .addColumn('address', 'jsonb', (c) => c.notNull())
    .addColumn('payment_token', 'text', (c) => c.notNull())
    .addColumn('reserved_until', 'timestamptz')
    .addColumn('paid_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX orders_pending ON orders (reserved_until) WHERE status = 'pending_payment'`.execute(
    db,
  );

  await db.schema
    .createTable('order_items')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('variant_id', 'integer', (c) => c.notNull().references('product_variants.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('size', 'text', (c) => c.notNull())
    .addColumn('color', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('unit_price_cents', 'integer', (c) => c.notNull())
    .addColumn('line_total_cents', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('order_status_events')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('payment_events')
    .addColumn('event_id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('set null'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'payment_events',
    'order_status_events',
    'order_items',
    'orders',
    'product_variants',
    'products',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
