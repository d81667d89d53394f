import { type Kysely, sql } from 'kysely';
import { SUPPORTER_REFRESH_SQL, SUPPORTER_TRIGGERS_SQL } from './supporters/refresh-sql';

/**
 * A campaign's own people (issue 50, docs/decisions/0100-supporters.md).
 *
 * - supporters: one row per person connected to a campaign (`owner_id`, a candidate or an
 *   organization): a member (`user_id`) or a guest known only by the email they gave
 *   (`email_key`, lower(trim(email))). Its columns are what the supporter list sorts and filters
 *   on, kept by triggers on follows, donations, recurring_donations and event_signups
 *   (supporter_refresh, in refresh-sql.ts), so a list of 100,000 reads one indexed table. A row
 *   with nothing left (unfollowed, no gift received, no sign-up) is deleted with its tags and
 *   notes; `disconnected_at` is set when the person disconnected on their settings page, and
 *   only a new follow, gift or sign-up clears it.
 * - supporter_tags, supporter_taggings: a campaign's tags and who tagged whom when.
 * - supporter_notes: notes by the campaign's team about one supporter.
 * - supporter_lists: a filter of the supporter list kept by name (a saved list), an audience.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE supporters (
    id serial PRIMARY KEY,
    owner_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    user_id integer REFERENCES users (id) ON DELETE CASCADE,
    email_key text,
    name text NOT NULL DEFAULT '',
    sort_name text NOT NULL DEFAULT '',
    email text,
    state text,
    zip5 text,
    follows boolean NOT NULL DEFAULT false,
    gave_cents bigint NOT NULL DEFAULT 0,
    refunded_cents bigint NOT NULL DEFAULT 0,
    gifts integer NOT NULL DEFAULT 0,
    first_gift_at timestamptz,
    last_gift_at timestamptz,
    monthly_cents integer NOT NULL DEFAULT 0,
    events integer NOT NULL DEFAULT 0,
    connected_at timestamptz NOT NULL DEFAULT now(),
    disconnected_at timestamptz,
    CHECK ((user_id IS NULL) <> (email_key IS NULL))
  )`.execute(db);
  await sql`CREATE UNIQUE INDEX supporters_member ON supporters (owner_id, user_id) WHERE user_id IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE UNIQUE INDEX supporters_guest ON supporters (owner_id, email_key) WHERE email_key IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX supporters_by_user ON supporters (user_id) WHERE user_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX supporters_by_email ON supporters (email_key) WHERE email_key IS NOT NULL`.execute(
    db,
  );
  // One index per sort of the list: a page deep in 100,000 reads no more than its own rows (keyset.ts).
  for (const column of [
    'sort_name',
    'gave_cents',
    'monthly_cents',
    'first_gift_at',
    'last_gift_at',
    'events',
    'connected_at',
    'state',
    'zip5',
  ]) {
    await sql
      .raw(
        `CREATE INDEX supporters_${column} ON supporters (owner_id, ${column}, id) WHERE disconnected_at IS NULL`,
      )
      .execute(db);
  }

  // The list's "name or email contains" (three characters or more), as the console's q (0029).
  await sql`CREATE INDEX supporters_search_trgm ON supporters
    USING gin ((sort_name || ' ' || coalesce(email, '')) gin_trgm_ops)`.execute(db);

  await sql`CREATE TABLE supporter_tags (
    id serial PRIMARY KEY,
    owner_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name text NOT NULL CHECK (length(name) BETWEEN 1 AND 40),
    created_by integer REFERENCES users (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE UNIQUE INDEX supporter_tags_name ON supporter_tags (owner_id, lower(name))`.execute(db);
  await sql`CREATE TABLE supporter_taggings (
    tag_id integer NOT NULL REFERENCES supporter_tags (id) ON DELETE CASCADE,
    supporter_id integer NOT NULL REFERENCES supporters (id) ON DELETE CASCADE,
    tagged_by integer REFERENCES users (id) ON DELETE SET NULL,
    tagged_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tag_id, supporter_id)
  )`.execute(db);
  await sql`CREATE INDEX supporter_taggings_supporter ON supporter_taggings (supporter_id)`.execute(db);
  await sql`CREATE TABLE supporter_notes (
    id serial PRIMARY KEY,
    supporter_id integer NOT NULL REFERENCES supporters (id) ON DELETE CASCADE,
    author_id integer REFERENCES users (id) ON DELETE SET NULL,
    body text NOT NULL CHECK (length(body) BETWEEN 1 AND 2000),
    created_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE INDEX supporter_notes_supporter ON supporter_notes (supporter_id, created_at)`.execute(db);
  await sql`CREATE TABLE supporter_lists (
    id serial PRIMARY KEY,
    owner_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
    filter jsonb NOT NULL,
    created_by integer REFERENCES users (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE UNIQUE INDEX supporter_lists_name ON supporter_lists (owner_id, lower(name))`.execute(db);

  // What the refresh looks a person up by: their gifts to a candidate, by account or by email.
  await sql`CREATE INDEX donations_candidate_member ON donations (candidate_id, user_id) WHERE user_id IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX donations_candidate_email ON donations (candidate_id, lower(trim(email)))`.execute(
    db,
  );
  await sql`CREATE INDEX recurring_donations_candidate_email ON recurring_donations (candidate_id, lower(trim(email)))`.execute(
    db,
  );
  // A person's page lists the campaign's emails they received.
  await sql`CREATE INDEX mass_email_recipients_email ON mass_email_recipients (email)`.execute(db);

  await sql.raw(SUPPORTER_REFRESH_SQL).execute(db);
  for (const statement of SUPPORTER_TRIGGERS_SQL) await sql.raw(statement).execute(db);

  // Everyone already connected: each follow, received gift and sign-up once.
  await sql`SELECT supporter_refresh(f.followee_id, f.follower_id, NULL, false) FROM follows f`.execute(db);
  await sql`SELECT supporter_refresh(d.candidate_id, d.user_id, d.email, false)
    FROM (SELECT DISTINCT candidate_id, user_id, CASE WHEN user_id IS NULL THEN lower(trim(email)) END AS email
          FROM donations WHERE status IN ('paid', 'refunded')) d`.execute(db);
  await sql`SELECT supporter_refresh(e.host_id, s.user_id, s.email, false)
    FROM event_signups s JOIN events e ON e.id = s.event_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const trigger of [
    'supporters_follows ON follows',
    'supporters_donations ON donations',
    'supporters_recurring ON recurring_donations',
    'supporters_signups ON event_signups',
  ]) {
    await sql.raw(`DROP TRIGGER IF EXISTS ${trigger}`).execute(db);
  }
  for (const fn of [
    'supporters_follows_changed()',
    'supporters_donations_changed()',
    'supporters_recurring_changed()',
    'supporters_signups_changed()',
    'supporter_refresh(integer, integer, text, boolean)',
  ]) {
    await sql.raw(`DROP FUNCTION IF EXISTS ${fn}`).execute(db);
  }
  for (const index of [
    'donations_candidate_member',
    'donations_candidate_email',
    'recurring_donations_candidate_email',
    'mass_email_recipients_email',
  ]) {
    await sql.raw(`DROP INDEX IF EXISTS ${index}`).execute(db);
  }
  for (const table of [
    'supporter_lists',
    'supporter_notes',
    'supporter_taggings',
    'supporter_tags',
    'supporters',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
