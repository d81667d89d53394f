import { type Kysely, sql } from 'kysely';

/**
 * Support tickets (docs/decisions/0029-help-center-and-support-tickets.md).
 *
 * - support_tickets: one request from /contact. user_id is the member who filed it (null for a
 *   visitor); email is where replies go. reference (HLP-XXXXXXXX) is what the requester sees and
 *   what the signed reply link names. order_number / donation_reference are only stored after
 *   they were checked against what the requester owns.
 * - support_ticket_messages: the thread. 'note' rows are staff-only and never leave the console.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('support_tickets')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('order_number', 'text')
    .addColumn('donation_reference', 'text')
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('open').check(sql`status IN ('open', 'waiting_on_member', 'resolved')`),
    )
    .addColumn('assignee_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_message_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The console's queue (status filter, newest activity first) and "Your requests".
  await sql`CREATE INDEX support_tickets_queue ON support_tickets (status, last_message_at DESC)`.execute(db);
  await sql`CREATE INDEX support_tickets_user ON support_tickets (user_id, last_message_at DESC)
    WHERE user_id IS NOT NULL`.execute(db);

  await db.schema
    .createTable('support_ticket_messages')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('ticket_id', 'integer', (c) =>
      c.notNull().references('support_tickets.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind IN ('requester', 'staff', 'note')`))
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX support_ticket_messages_thread ON support_ticket_messages (ticket_id, id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('support_ticket_messages').execute();
  await db.schema.dropTable('support_tickets').execute();
}
