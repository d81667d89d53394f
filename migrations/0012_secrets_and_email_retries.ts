import { type Kysely, sql } from 'kysely';

/**
 * 1. Secrets this installation generated for itself (APP_SECRET when it is not configured), kept with
 * the data so that a restart, and every instance on the same PostgreSQL, use the same value.
 * 2. email_outbox.attempts: a message SMTP refused stays in the outbox and maintenance tries it
 *    again, up to a limit (api/ports/email/smtp.ts), instead of failing the request that queued it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('instance_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .alterTable('email_outbox')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('email_outbox').dropColumn('attempts').execute();
  await db.schema.dropTable('instance_secrets').ifExists().execute();
}
