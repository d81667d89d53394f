import { type Kysely, sql } from 'kysely';

/**
 * Who started each checkout (docs/decisions/0016): the buyer (member or browser), the browser's
 * checkout cookie hash (which alone may open the order's result pages), a keyed hash of the client
 * address, and the client's idempotency key with a hash of what it asked for. Kept beside `orders`,
 * not in it, so no order view (order status, console, member pages) can show them by accident.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('order_checkouts')
    .addColumn('order_id', 'integer', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
    // 'user:{id}' for a signed-in member, 'browser:{cookie hash}' otherwise.
    .addColumn('buyer_key', 'text', (c) => c.notNull())
    .addColumn('browser_hash', 'text', (c) => c.notNull())
    // HMAC of the client address (the cap per address needs equality only; no address is kept).
    .addColumn('address_hash', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text')
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // One order per key and buyer: a replayed startCheckout finds it instead of reserving again.
  await sql`CREATE UNIQUE INDEX order_checkouts_idempotency ON order_checkouts (buyer_key, idempotency_key)
    WHERE idempotency_key IS NOT NULL`.execute(db);
  await sql`CREATE INDEX order_checkouts_buyer ON order_checkouts (buyer_key)`.execute(db);
  await sql`CREATE INDEX order_checkouts_address ON order_checkouts (address_hash)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('order_checkouts').ifExists().execute();
}
