import { type Kysely, sql } from 'kysely';

/**
 * Who is online, for the local realtime adapter's 'onlineStatus' (Ably keeps its own presence).
 * One row per user per server process: connections counts that process's open streams, and
 * seen_at is refreshed by its heartbeat, so a process that dies stops counting within a minute.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('online_presence')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('instance_id', 'text', (c) => c.notNull())
    .addColumn('connections', 'integer', (c) => c.notNull().check(sql`connections >= 0`))
    .addColumn('seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('online_presence_pk', ['user_id', 'instance_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('online_presence').ifExists().execute();
}
