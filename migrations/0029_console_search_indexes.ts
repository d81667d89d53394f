import { type Kysely, sql } from 'kysely';

/**
 * The console's `q` filter on orders (number or email) and on gifts (reference or email) is a
 * substring match, ILIKE '%q%' (api/doors/rest/resources/orders.ts, donations.ts). At a million rows
 * that scans the table; a trigram GIN index (pg_trgm, enabled by 0001 on both engines) answers
 * it for any q of three characters or more (docs/decisions/0036-console-lists-at-scale.md).
 */
const INDEXES: readonly [name: string, table: string, column: string][] = [
  ['orders_number_trgm', 'orders', 'number'],
  ['orders_email_trgm', 'orders', 'email'],
  ['donations_reference_trgm', 'donations', 'reference'],
  ['donations_email_trgm', 'donations', 'email'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, table, column] of INDEXES) {
    await sql`CREATE INDEX IF NOT EXISTS ${sql.raw(name)} ON ${sql.raw(table)} USING gin (${sql.raw(column)} gin_trgm_ops)`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of [...INDEXES].reverse()) {
    await sql`DROP INDEX IF EXISTS ${sql.raw(name)}`.execute(db);
  }
}
