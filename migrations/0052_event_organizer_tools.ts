import { type Kysely, sql } from 'kysely';

/**
 * Events, part 2 (issue 51, docs/decisions/0101-event-organizer-tools.md): the organizer's roster and
 * check-in, invite links and where sign-ups came from, and staff unpublishing an event.
 *
 * - event_shift_signups.attendance: 'attended' or 'no_show', marked by the host on the day; one
 *   conditional UPDATE per mark (`attendance IS NOT DISTINCT FROM` the state the page showed), so two
 *   devices racing on one person record one mark and the other is told.
 * - event_signups.source: how the person reached the form ('direct', 'invite' from a friend's link,
 *   'suggested' after another sign-up); `referred_by` the sign-up whose invite link brought them;
 *   `invite_code` the random code of this sign-up's own invite link (made when first shown).
 * - events.status gains 'unpublished' (staff, with `unpublished_reason`, audited).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE event_shift_signups
    ADD COLUMN attendance text CHECK (attendance IN ('attended', 'no_show')),
    ADD COLUMN attendance_marked_at timestamptz,
    ADD COLUMN attendance_marked_by integer REFERENCES users(id) ON DELETE SET NULL`.execute(db);
  // "Attended an event in the last 30 days" (the mass email audiences) and a member's history.
  await sql`CREATE INDEX event_shift_signups_attended ON event_shift_signups (shift_id)
    WHERE attendance = 'attended'`.execute(db);

  await sql`ALTER TABLE event_signups
    ADD COLUMN source text NOT NULL DEFAULT 'direct' CHECK (source IN ('direct', 'invite', 'suggested')),
    ADD COLUMN referred_by integer REFERENCES event_signups(id) ON DELETE SET NULL,
    ADD COLUMN invite_code text`.execute(db);
  await sql`CREATE UNIQUE INDEX event_signups_invite_code ON event_signups (invite_code)
    WHERE invite_code IS NOT NULL`.execute(db);
  await sql`CREATE INDEX event_signups_referred_by ON event_signups (referred_by)
    WHERE referred_by IS NOT NULL`.execute(db);

  await sql`ALTER TABLE events DROP CONSTRAINT events_status_check`.execute(db);
  await sql`ALTER TABLE events ADD CONSTRAINT events_status_check
    CHECK (status IN ('proposed', 'published', 'declined', 'cancelled', 'unpublished'))`.execute(db);
  await sql`ALTER TABLE events
    ADD COLUMN unpublished_reason text,
    ADD COLUMN unpublished_at timestamptz,
    ADD COLUMN unpublished_by integer REFERENCES users(id) ON DELETE SET NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE events DROP COLUMN unpublished_reason, DROP COLUMN unpublished_at,
    DROP COLUMN unpublished_by`.execute(db);
  await sql`UPDATE events SET status = 'cancelled' WHERE status = 'unpublished'`.execute(db);
  await sql`ALTER TABLE events DROP CONSTRAINT events_status_check`.execute(db);
  await sql`ALTER TABLE events ADD CONSTRAINT events_status_check
    CHECK (status IN ('proposed', 'published', 'declined', 'cancelled'))`.execute(db);
  await sql`ALTER TABLE event_signups DROP COLUMN source, DROP COLUMN referred_by, DROP COLUMN invite_code`.execute(
    db,
  );
  await sql`ALTER TABLE event_shift_signups DROP COLUMN attendance, DROP COLUMN attendance_marked_at,
    DROP COLUMN attendance_marked_by`.execute(db);
}
