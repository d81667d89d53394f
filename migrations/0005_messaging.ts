import { type Kysely, sql } from 'kysely';

/**
 * Notifications, one-to-one messaging and blocks (issue 5). The unread-message counter is derived
 * (messages addressed to me with no read_at, through a partial index), so it can never drift from
 * the messages themselves, whatever the concurrency.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'smallint', (c) => c.notNull().check(sql`type BETWEEN 1 AND 11`))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('route', 'text')
    .addColumn('related_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('is_read', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX notifications_user_recent ON notifications (user_id, created_at DESC)`.execute(db);

  await db.schema
    .createTable('conversations')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    // The pair is stored ordered (user_a < user_b), so one unique constraint covers both directions.
    .addColumn('user_a', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('user_b', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_message_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('conversations_ordered_pair', sql`user_a < user_b`)
    .addUniqueConstraint('conversations_pair', ['user_a', 'user_b'])
    .execute();
  await db.schema.createIndex('conversations_b').on('conversations').columns(['user_b']).execute();

  await db.schema
    .createTable('messages')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('conversation_id', 'integer', (c) =>
      c.notNull().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('sender_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('recipient_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('body', 'text', (c) => c.notNull().check(sql`char_length(body) BETWEEN 1 AND 2000`))
    // Chosen by the sender's browser: a retried send with the same id is the same message.
    .addColumn('client_id', 'text', (c) => c.notNull().check(sql`char_length(client_id) BETWEEN 1 AND 64`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('read_at', 'timestamptz')
    .addUniqueConstraint('messages_client_id', ['sender_id', 'client_id'])
    .execute();
  await db.schema.createIndex('messages_thread').on('messages').columns(['conversation_id', 'id']).execute();
  await sql`CREATE INDEX messages_unread ON messages (recipient_id, conversation_id) WHERE read_at IS NULL`.execute(
    db,
  );

  await db.schema
    .createTable('blocks')
    .addColumn('blocker_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('blocked_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('blocks_pk', ['blocker_id', 'blocked_id'])
    .addCheckConstraint('blocks_not_self', sql`blocker_id <> blocked_id`)
    .execute();
  await db.schema.createIndex('blocks_blocked').on('blocks').columns(['blocked_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['blocks', 'messages', 'conversations', 'notifications']) {
    await db.schema.dropTable(table).execute();
  }
}
