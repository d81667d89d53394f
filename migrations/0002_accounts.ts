import { type Kysely, sql } from 'kysely';

/** Sessions, email tokens and outbox, sign-in attempts, blocked IPs, audit log, feature toggles. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('interests', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('setup_completed_at', 'timestamptz')
    .execute();

  // Only sha256(token) is stored: a leaked table cannot be replayed as cookies.
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('email_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) =>
      c.notNull().check(sql`purpose IN ('verify_email', 'reset_password', 'change_email')`),
    )
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('email_tokens_user')
    .on('email_tokens')
    .columns(['user_id', 'purpose'])
    .execute();

  await db.schema
    .createTable('email_outbox')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text')
    .addColumn('headers', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('transport', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status IN ('stored', 'sent', 'failed')`))
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('email_outbox_to')
    .on('email_outbox')
    .columns(['to_address', 'created_at'])
    .execute();

  await db.schema
    .createTable('sign_in_attempts')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('succeeded', 'boolean', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('sign_in_attempts_ip')
    .on('sign_in_attempts')
    .columns(['ip', 'created_at'])
    .execute();
  await db.schema
    .createIndex('sign_in_attempts_email')
    .on('sign_in_attempts')
    .columns(['email', 'created_at'])
    .execute();

  await db.schema
    .createTable('blocked_ips')
    .addColumn('ip', 'text', (c) => c.primaryKey())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('blocked_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema.alterTable('users').addColumn('blocked_reason', 'text').execute();

  await db.schema
    .createTable('audit_logs')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text')
    .addColumn('before', 'jsonb')
    .addColumn('after', 'jsonb')
    .addColumn('ip', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('audit_logs_created').on('audit_logs').column('created_at').execute();
  await db.schema
    .createIndex('audit_logs_actor')
    .on('audit_logs')
    .columns(['actor_id', 'created_at'])
    .execute();
  // Append-only: the database itself refuses edits, whatever the application does.
  await sql`
    CREATE FUNCTION audit_logs_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'audit_logs is append-only';
    END;
    $$`.execute(db);
  await sql`
    CREATE TRIGGER audit_logs_no_change BEFORE UPDATE OR DELETE ON audit_logs
    FOR EACH ROW EXECUTE FUNCTION audit_logs_append_only()`.execute(db);

  await db.schema
    .createTable('feature_toggles')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('enabled', 'boolean', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`INSERT INTO feature_toggles (name, enabled, description) VALUES
    ('campaign-donations', true, 'Campaign donations: donation pages and the candidates'' Campaign Dashboard')`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'feature_toggles',
    'audit_logs',
    'blocked_ips',
    'sign_in_attempts',
    'email_outbox',
    'email_tokens',
    'sessions',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
  await sql`DROP FUNCTION IF EXISTS audit_logs_append_only()`.execute(db);
  await db.schema
    .alterTable('users')
    .dropColumn('interests')
    .dropColumn('setup_completed_at')
    .dropColumn('blocked_reason')
    .execute();
}
