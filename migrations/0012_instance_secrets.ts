import { type Kysely, sql } from 'kysely';

/**
 * Secrets this installation generated for itself (APP_SECRET when it is not configured), kept with
 * the data so that a restart, and every instance on the same PostgreSQL, use the same value.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('instance_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('instance_secrets').ifExists().execute();
}
