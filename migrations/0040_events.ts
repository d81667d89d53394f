import { type Kysely, sql } from 'kysely';

/**
 * Events, volunteer shifts and sign-ups (issue 47, docs/decisions/0092-events-and-shifts.md).
 *
 * - events: one per canvass, phone bank, town hall...; hosted by a candidate or an organization
 *   (`host_id`), proposed by a member when `proposed_by` is someone else (status 'proposed' until
 *   the host approves). The place is an address and a ZIP, located once from the ZIP (latitude,
 *   longitude, state) so /events finds it by radius. `starts_at`/`ends_at` span the shifts.
 * - event_shifts: start, end, capacity, and `confirmed_count`, the places taken. A sign-up takes a
 *   place by a conditional UPDATE (`confirmed_count < capacity`), so the last places go to exactly
 *   as many people as there are places whatever the concurrency; the CHECK is the backstop.
 * - event_signups: one per person per event (member or guest: name, email, ZIP, phone, SMS
 *   consent), and the once-only messages sent for the sign-up as a whole.
 * - event_shift_signups: the shifts a sign-up asked for, each confirmed, waitlisted (in id order)
 *   or cancelled, and the reminders sent for it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('events')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('host_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('proposed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status IN ('proposed', 'published', 'declined', 'cancelled')`),
    )
    .addColumn('type', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`type IN ('canvass', 'phone_bank', 'text_bank', 'meeting', 'town_hall', 'fundraiser', 'voter_registration', 'training', 'other')`,
        ),
    )
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('zip', 'text', (c) => c.notNull().check(sql`zip ~ '^[0-9]{5}$'`))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('latitude', 'double precision', (c) => c.notNull())
    .addColumn('longitude', 'double precision', (c) => c.notNull())
    .addColumn('virtual_url', 'text')
    .addColumn('visibility', 'text', (c) =>
      c.notNull().check(sql`visibility IN ('public', 'followers', 'private')`),
    )
    // The private link's key (/events/:id?key=): random, never personal data.
    .addColumn('share_key', 'text', (c) => c.notNull())
    .addColumn('accessibility_notes', 'text')
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('published_at', 'timestamptz')
    .addCheckConstraint('events_span', sql`ends_at > starts_at`)
    .execute();
  // /events: published, not over, by place (latitude band first, then longitude), date, state, host.
  await sql`CREATE INDEX events_listed_place ON events (latitude, longitude, ends_at)
    WHERE status = 'published'`.execute(db);
  await sql`CREATE INDEX events_listed_time ON events (starts_at, id) WHERE status = 'published'`.execute(db);
  await sql`CREATE INDEX events_listed_state ON events (state, starts_at) WHERE status = 'published'`.execute(
    db,
  );
  await sql`CREATE INDEX events_host ON events (host_id, starts_at)`.execute(db);
  await sql`CREATE INDEX events_proposer ON events (proposed_by) WHERE proposed_by IS NOT NULL`.execute(db);

  await db.schema
    .createTable('event_shifts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('capacity', 'integer', (c) => c.notNull().check(sql`capacity > 0`))
    .addColumn('confirmed_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint('event_shifts_span', sql`ends_at > starts_at`)
    .addCheckConstraint('event_shifts_places', sql`confirmed_count >= 0 AND confirmed_count <= capacity`)
    .execute();
  await sql`CREATE INDEX event_shifts_event ON event_shifts (event_id, starts_at)`.execute(db);
  await sql`CREATE INDEX event_shifts_starts ON event_shifts (starts_at)`.execute(db);

  await db.schema
    .createTable('event_signups')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('zip', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('sms_consent', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('confirmation_sent_at', 'timestamptz')
    .addColumn('thanked_at', 'timestamptz')
    .execute();
  await sql`CREATE UNIQUE INDEX event_signups_once ON event_signups (event_id, lower(email))`.execute(db);
  await sql`CREATE INDEX event_signups_member ON event_signups (user_id) WHERE user_id IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX event_signups_unconfirmed ON event_signups (id) WHERE confirmation_sent_at IS NULL`.execute(
    db,
  );

  await db.schema
    .createTable('event_shift_signups')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('signup_id', 'integer', (c) => c.notNull().references('event_signups.id').onDelete('cascade'))
    .addColumn('shift_id', 'integer', (c) => c.notNull().references('event_shifts.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status IN ('confirmed', 'waitlisted', 'cancelled')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('cancelled_at', 'timestamptz')
    // Set when a waitlisted place moved up; the email telling so is sent once (promotion_sent_at).
    .addColumn('promoted_at', 'timestamptz')
    .addColumn('promotion_sent_at', 'timestamptz')
    .addColumn('day_reminder_sent_at', 'timestamptz')
    .addColumn('hour_reminder_sent_at', 'timestamptz')
    .addUniqueConstraint('event_shift_signups_once', ['signup_id', 'shift_id'])
    .execute();
  // The waitlist in order, and the confirmed places of a shift.
  await sql`CREATE INDEX event_shift_signups_queue ON event_shift_signups (shift_id, status, id)`.execute(db);

  // The host's profile lists upcoming events: a change drops its cached page
  // (migrations/0036_page_data_triggers.ts, page_data_changed_for_members).
  await sql`CREATE FUNCTION page_data_events_changed() RETURNS trigger LANGUAGE plpgsql AS $f$
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        PERFORM page_data_changed(ARRAY['people']);
      ELSIF TG_OP = 'INSERT' THEN
        PERFORM page_data_changed_for_members(ARRAY(SELECT host_id FROM new_rows));
      ELSIF TG_OP = 'DELETE' THEN
        PERFORM page_data_changed_for_members(ARRAY(SELECT host_id FROM old_rows));
      ELSE
        PERFORM page_data_changed_for_members(ARRAY(SELECT host_id FROM old_rows UNION SELECT host_id FROM new_rows));
      END IF;
      RETURN NULL;
    END
    $f$`.execute(db);
  for (const [op, tables] of [
    ['INSERT', 'NEW TABLE AS new_rows'],
    ['UPDATE', 'OLD TABLE AS old_rows NEW TABLE AS new_rows'],
    ['DELETE', 'OLD TABLE AS old_rows'],
  ] as const) {
    await sql
      .raw(`CREATE TRIGGER page_data_events_${op.toLowerCase()} AFTER ${op} ON events
        REFERENCING ${tables} FOR EACH STATEMENT EXECUTE FUNCTION page_data_events_changed()`)
      .execute(db);
  }
  await sql`CREATE TRIGGER page_data_events_truncate AFTER TRUNCATE ON events
    FOR EACH STATEMENT EXECUTE FUNCTION page_data_events_changed()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('event_shift_signups').ifExists().execute();
  await db.schema.dropTable('event_signups').ifExists().execute();
  await db.schema.dropTable('event_shifts').ifExists().execute();
  await db.schema.dropTable('events').ifExists().execute();
  await sql`DROP FUNCTION IF EXISTS page_data_events_changed()`.execute(db);
}
