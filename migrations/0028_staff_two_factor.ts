import { type Kysely, sql } from 'kysely';

/**
 * Two-factor sign-in with TOTP (docs/decisions/0040-staff-two-factor-sign-in.md).
 *
 * - two_factor_credentials: one authenticator per account. `confirmed_at` stays null until the
 *   account proves it with a valid code; `last_used_step` is the 30-second step of the last
 *   accepted code, so a code is accepted once (a conditional update, safe under races).
 * - two_factor_recovery_codes: SHA-256 of each one-time code; `used_at` marks the one spent.
 * - sign_in_challenges: the "password checked, waiting for the code" state. Not a session: it
 *   opens nothing but the code step, lives 10 minutes and dies after 5 wrong codes.
 * - sessions.second_factor_at: when the session proved a second factor (the code step, or
 *   confirming an enrolment); staff sessions without it get no permission.
 * - the `two-factor-for-members` toggle starts off: only staff are required by default.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('two_factor_credentials')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'bytea', (c) => c.notNull().check(sql`octet_length(secret) = 20`))
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('last_used_step', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('two_factor_recovery_codes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('two_factor_recovery_codes_unique', ['user_id', 'code_hash'])
    .execute();

  await db.schema
    .createTable('sign_in_challenges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('sign_in_challenges_user').on('sign_in_challenges').column('user_id').execute();

  await db.schema.alterTable('sessions').addColumn('second_factor_at', 'timestamptz').execute();

  await sql`INSERT INTO feature_toggles (name, enabled, description) VALUES
    ('two-factor-for-members', false, 'Two-factor sign-in required for members too (staff always need it)')
    ON CONFLICT (name) DO NOTHING`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM feature_toggles WHERE name = 'two-factor-for-members'`.execute(db);
  await db.schema.alterTable('sessions').dropColumn('second_factor_at').execute();
  await db.schema.dropTable('sign_in_challenges').ifExists().execute();
  await db.schema.dropTable('two_factor_recovery_codes').ifExists().execute();
  await db.schema.dropTable('two_factor_credentials').ifExists().execute();
}
