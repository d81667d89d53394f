import { type Kysely, sql } from 'kysely';

/**
 * Social (docs/decisions/0033): posts, endorsements and issue stances.
 *
 * - posts: a member's text (links and @mentions) and optional image; a SocialMedia campaign of the
 *   author's (candidates) makes it a campaign update for their followers. Deleting keeps the row
 *   (deleted_at, deleted_by) so a reported post stays reviewable; every reader filters it out.
 * - endorsements: one per endorser and candidate (the primary key is the rule), withdrawn by
 *   deleting the row.
 * - issue_stances: one per candidate and issue of api/contract/issue-stances.ts.
 * - users_candidates: the partial index /candidate-ranking starts from (candidates are few
 *   among members), filtered by office and state.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('posts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('body', 'text', (c) => c.notNull().check(sql`length(body) BETWEEN 1 AND 2000`))
    .addColumn('image_url', 'text')
    .addColumn('campaign_id', 'integer', (c) => c.references('campaigns.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('deleted_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  // The profile's list and the feed (author_id IN followees) both read newest first by author.
  await sql`CREATE INDEX posts_author_recent ON posts (author_id, created_at DESC, id DESC)
    WHERE deleted_at IS NULL`.execute(db);

  await db.schema
    .createTable('endorsements')
    .addColumn('candidate_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endorser_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('endorsements_pk', ['candidate_id', 'endorser_id'])
    .addCheckConstraint('endorsements_not_self', sql`candidate_id <> endorser_id`)
    .execute();
  await db.schema.createIndex('endorsements_endorser').on('endorsements').column('endorser_id').execute();

  await db.schema
    .createTable('issue_stances')
    .addColumn('candidate_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('issue', 'text', (c) => c.notNull().check(sql`issue ~ '^[a-z-]{2,40}$'`))
    .addColumn('stance', 'text', (c) => c.notNull().check(sql`stance IN ('support', 'oppose', 'neutral')`))
    .addColumn('statement', 'text', (c) => c.notNull().check(sql`length(statement) <= 200`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('issue_stances_pk', ['candidate_id', 'issue'])
    .execute();

  await sql`CREATE INDEX users_candidates ON users (candidate_office, state)
    WHERE is_candidate AND blocked_at IS NULL AND deleted_at IS NULL`.execute(db);
  // Paid gifts per candidate, summed by the ranking without reading the other statuses' rows.
  await sql`CREATE INDEX donations_candidate_paid ON donations (candidate_id) INCLUDE (amount_cents)
    WHERE status = 'paid'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS donations_candidate_paid`.execute(db);
  await sql`DROP INDEX IF EXISTS users_candidates`.execute(db);
  await db.schema.dropTable('issue_stances').execute();
  await db.schema.dropTable('endorsements').execute();
  await db.schema.dropTable('posts').execute();
}
