import { type Kysely, sql } from 'kysely';

/**
 * The job board (docs/decisions/0028): postings by organizations, candidates and vendors,
 * members' applications to them, and saved searches with a daily digest.
 *
 * - job_postings: one row per posting; `search` is a generated tsvector (title weighted above the
 *   organization, above the description) behind a GIN index, and the annualised pay columns let
 *   one pay filter compare hourly and yearly ranges. Open postings are found newest first through
 *   a partial index on (created_at, id) WHERE status = 'open'.
 * - job_applications: one per (posting, applicant); the status moves of api/contract/job-board.ts.
 * - job_saved_searches: a member's search (the /jobs query string) and the day its digest last went.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job_postings')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('employer_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('organization', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('remote', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('jobtype', 'text', (c) => c.notNull())
    .addColumn('employment', 'text', (c) => c.notNull())
    .addColumn('position', 'text')
    .addColumn('skills', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('pay_min_cents', 'integer', (c) => c.check(sql`pay_min_cents >= 0`))
    .addColumn('pay_max_cents', 'integer')
    .addColumn('pay_unit', 'text', (c) =>
      c.notNull().defaultTo('YEAR').check(sql`pay_unit IN ('YEAR', 'HOUR')`),
    )
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('closes_on', 'date', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('open').check(sql`status IN ('open', 'closed')`),
    )
    .addColumn('closed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'job_postings_pay_range',
      sql`(pay_min_cents IS NULL AND pay_max_cents IS NULL)
        OR (pay_min_cents IS NOT NULL AND pay_max_cents IS NOT NULL AND pay_max_cents >= pay_min_cents)`,
    )
    .execute();
  // Generated columns are added in SQL: Kysely's builder has no GENERATED ALWAYS AS ... STORED.
  await sql`ALTER TABLE job_postings
    ADD COLUMN pay_min_annual_cents bigint GENERATED ALWAYS AS
      (CASE pay_unit WHEN 'HOUR' THEN pay_min_cents::bigint * 2080 ELSE pay_min_cents END) STORED,
    ADD COLUMN pay_max_annual_cents bigint GENERATED ALWAYS AS
      (CASE pay_unit WHEN 'HOUR' THEN pay_max_cents::bigint * 2080 ELSE pay_max_cents END) STORED,
    ADD COLUMN search tsvector GENERATED ALWAYS AS (
      setweight(to_tsvector('english'::regconfig, title), 'A') ||
      setweight(to_tsvector('english'::regconfig, organization), 'B') ||
      setweight(to_tsvector('english'::regconfig, description), 'C')) STORED`.execute(db);
  await sql`CREATE INDEX job_postings_search ON job_postings USING gin (search)`.execute(db);
  await sql`CREATE INDEX job_postings_open_newest ON job_postings (created_at DESC, id DESC)
    WHERE status = 'open'`.execute(db);
  await sql`CREATE INDEX job_postings_open_state ON job_postings (state, created_at DESC)
    WHERE status = 'open'`.execute(db);
  await sql`CREATE INDEX job_postings_skills ON job_postings USING gin (skills)`.execute(db);
  await sql`CREATE INDEX job_postings_employer ON job_postings (employer_id, status)`.execute(db);
  await sql`CREATE INDEX job_postings_due ON job_postings (closes_on) WHERE status = 'open'`.execute(db);

  await db.schema
    .createTable('job_applications')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('job_id', 'integer', (c) => c.notNull().references('job_postings.id').onDelete('cascade'))
    .addColumn('applicant_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('cover_note', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('submitted')
        .check(sql`status IN ('submitted', 'viewed', 'shortlisted', 'rejected', 'hired')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('job_applications_once', ['job_id', 'applicant_id'])
    .execute();
  await sql`CREATE INDEX job_applications_applicant ON job_applications (applicant_id, created_at DESC)`.execute(
    db,
  );

  await db.schema
    .createTable('job_saved_searches')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The /jobs query string, normalised (keys sorted, empty values dropped): what the digest runs.
    .addColumn('query', 'text', (c) => c.notNull())
    .addColumn('last_digest_on', 'date')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('job_saved_searches_once', ['user_id', 'query'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_saved_searches').ifExists().execute();
  await db.schema.dropTable('job_applications').ifExists().execute();
  await db.schema.dropTable('job_postings').ifExists().execute();
}
