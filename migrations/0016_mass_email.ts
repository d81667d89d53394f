import { type Kysely, sql } from 'kysely';

/**
 * Mass email (docs/decisions/0022): sends, the recipient list each send materializes, the
 * suppression list, and what the outbox needs to send a keyed message at most once.
 *
 * - email_outbox.idempotency_key: one row per key (a mass email's is send id + recipient), so a
 *   resumed send finds the earlier attempt instead of sending again. Keyed rows are delivered by
 *   their owner, never by the generic email-delivery retries.
 * - email_outbox.status 'sending': a keyed message handed to SMTP and not yet confirmed.
 * - email_outbox.from_name: the sender name a message asks for (the address stays EMAIL_FROM).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('email_outbox').addColumn('idempotency_key', 'text').execute();
  await db.schema.alterTable('email_outbox').addColumn('from_name', 'text').execute();
  await db.schema
    .alterTable('email_outbox')
    .addUniqueConstraint('email_outbox_idempotency_key', ['idempotency_key'])
    .execute();
  await sql`ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_status_check`.execute(db);
  await sql`ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_status_check
    CHECK (status IN ('stored', 'sending', 'sent', 'failed'))`.execute(db);

  // Lower-cased addresses that never receive a mass email again.
  await db.schema
    .createTable('email_suppressions')
    .addColumn('email', 'text', (c) => c.primaryKey().check(sql`email = lower(email)`))
    .addColumn('reason', 'text', (c) =>
      c.notNull().check(sql`reason IN ('unsubscribed', 'hard_bounce', 'opted_out')`),
    )
    // Where it came from: 'mass-email:12' (the send whose link or bounce added it), 'console'...
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('mass_email_sends')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    // A registered audience (api/modules/mass-email/audiences.ts) and its parameters.
    .addColumn('audience_kind', 'text', (c) => c.notNull())
    .addColumn('audience_params', 'jsonb', (c) => c.notNull())
    // "Donors to Grant for Congress"; the footer's "you gave to Grant for Congress".
    .addColumn('audience_label', 'text', (c) => c.notNull())
    .addColumn('audience_reason', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull().check(sql`length(subject) BETWEEN 1 AND 200`))
    .addColumn('body', 'text', (c) => c.notNull().check(sql`length(body) BETWEEN 1 AND 20000`))
    .addColumn('from_name', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('draft')
        .check(sql`status IN ('draft', 'queued', 'sending', 'sent', 'cancelled')`),
    )
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sent_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('suppressed_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('job_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('queued_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('mass_email_recipients')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('send_id', 'integer', (c) => c.notNull().references('mass_email_sends.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull().check(sql`email = lower(email)`))
    .addColumn('first_name', 'text')
    // pending → sending (claimed by a worker) → sent | failed; suppressed never leaves pending's way.
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status IN ('pending', 'sending', 'sent', 'suppressed', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    // A soft failure waits until then before it is claimed again.
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('error', 'text')
    .addColumn('claimed_at', 'timestamptz')
    .addColumn('sent_at', 'timestamptz')
    .addUniqueConstraint('mass_email_recipients_send_email', ['send_id', 'email'])
    .execute();
  await db.schema
    .createIndex('mass_email_recipients_send_status')
    .on('mass_email_recipients')
    .columns(['send_id', 'status'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mass_email_recipients').ifExists().execute();
  await db.schema.dropTable('mass_email_sends').ifExists().execute();
  await db.schema.dropTable('email_suppressions').ifExists().execute();
  await sql`DELETE FROM email_outbox WHERE status = 'sending'`.execute(db);
  await sql`ALTER TABLE email_outbox DROP CONSTRAINT email_outbox_status_check`.execute(db);
  await sql`ALTER TABLE email_outbox ADD CONSTRAINT email_outbox_status_check
    CHECK (status IN ('stored', 'sent', 'failed'))`.execute(db);
  await db.schema.alterTable('email_outbox').dropConstraint('email_outbox_idempotency_key').execute();
  await db.schema.alterTable('email_outbox').dropColumn('from_name').execute();
  await db.schema.alterTable('email_outbox').dropColumn('idempotency_key').execute();
}
