import { type Kysely, sql } from 'kysely';

/** Reference lists, people, staff, feedback and the shared rate-limit counters. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await sql`CREATE EXTENSION IF NOT EXISTS fuzzystrmatch`.execute(db);

  await db.schema
    .createTable('reference_options')
    .addColumn('list_name', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('reference_options_pk', ['list_name', 'value'])
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind IN ('individual', 'organization')`))
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('org_name', 'text')
    .addColumn('handle', 'text')
    .addColumn('is_vendor', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_candidate', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_admin', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('state', 'text')
    .addColumn('party', 'text')
    .addColumn('position', 'text')
    .addColumn('bio', 'text')
    .addColumn('profile_image', 'text')
    .addColumn('candidate_office', 'text')
    .addColumn('candidate_district', 'text')
    .addColumn('email_verified_at', 'timestamptz')
    .addColumn('blocked_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'users_name_by_kind',
      sql`(kind = 'individual' AND first_name IS NOT NULL AND last_name IS NOT NULL)
          OR (kind = 'organization' AND org_name IS NOT NULL)`,
    )
    .addCheckConstraint(
      'users_handle_format',
      sql`handle IS NULL OR handle ~ '^[a-z0-9][a-z0-9-]{1,38}[a-z0-9]$'`,
    )
    .execute();
  await sql`CREATE UNIQUE INDEX users_email_unique ON users (lower(email))`.execute(db);
  await sql`CREATE UNIQUE INDEX users_handle_unique ON users (handle) WHERE handle IS NOT NULL`.execute(db);
  await db.schema.createIndex('users_created_at').on('users').column('created_at').execute();

  await db.schema
    .createTable('staff_members')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) =>
      c
        .notNull()
        .check(sql`role IN ('SUPER_ADMIN','SUPPORT','MARKETING','FINANCE','SECURITY','ANALYTICS','SALES')`),
    )
    .addColumn('department', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('extra_permissions', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('feedback')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('state', 'text')
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Fixed-window counters shared by every server process (rate limits must hold across instances).
  await db.schema
    .createTable('rate_limit_counters')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limit_counters_pk', ['key', 'window_start'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['rate_limit_counters', 'feedback', 'staff_members', 'users', 'reference_options']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
