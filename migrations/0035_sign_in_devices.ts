import { type Kysely, sql } from 'kysely';

/**
 * Sign-in alerts only for a browser the account has not signed in from before
 * (docs/decisions/0075-sign-in-alerts-for-new-browsers.md).
 *
 * - sign_in_devices: per account, the SHA-256 of each browser's device token (the token itself
 *   lives only in that browser's HttpOnly cookie), when it first and last signed in.
 * - users.first_sign_in_pending: true from sign-up until the account's first sign-in, whose browser
 *   is recorded without an alert (the person who just made the account is the one signing in).
 *   Every account that exists now, and every one made otherwise (the seed, the console), is false:
 *   none of their browsers is known, so each alerts once more, as every sign-in did before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sign_in_devices')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('first_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('sign_in_devices_pkey', ['user_id', 'token_hash'])
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('first_sign_in_pending', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('first_sign_in_pending').execute();
  await db.schema.dropTable('sign_in_devices').ifExists().execute();
}
