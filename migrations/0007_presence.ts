import { type Kysely, sql } from 'kysely';

/**
 * Who is online, for the local realtime adapter's 'onlineStatus' (Ably keeps its own presence).
 * One row per user per server process, refreshed by the user's stream heartbeats: a closed
 * stream or a stopped process stops refreshing it and ages out within a minute.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('online_presence')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('instance_id', 'text', (c) => c.notNull())
    .addColumn('seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('online_presence_pk', ['user_id', 'instance_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('online_presence').ifExists().execute();
}
