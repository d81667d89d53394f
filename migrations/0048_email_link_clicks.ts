import { type Kysely, sql } from 'kysely';

/**
 * Click tracking for mass email (docs/decisions/0099-designed-email-and-click-tracking.md): each
 * send keeps the targets of its links in order (`link_targets`, written when its delivery starts:
 * a tracked link names an index, never a target, so a forged target cannot be asked for); one row per recipient and link on the first
 * click; after 13 months those rows are folded into per-link totals and deleted. A send's report
 * counts the gifts made through its refcode, hence the index on refcode alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE mass_email_sends ADD COLUMN link_targets jsonb`.execute(db);
  await sql`
    CREATE TABLE mass_email_link_clicks (
      send_id integer NOT NULL REFERENCES mass_email_sends(id) ON DELETE CASCADE,
      recipient_id bigint NOT NULL REFERENCES mass_email_recipients(id) ON DELETE CASCADE,
      link_index smallint NOT NULL CHECK (link_index >= 0),
      clicked_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (send_id, recipient_id, link_index)
    )`.execute(db);
  await sql`CREATE INDEX mass_email_link_clicks_recipient ON mass_email_link_clicks (recipient_id)`.execute(
    db,
  );
  await sql`CREATE INDEX mass_email_link_clicks_clicked_at ON mass_email_link_clicks (clicked_at)`.execute(
    db,
  );
  await sql`
    CREATE TABLE mass_email_link_totals (
      send_id integer NOT NULL REFERENCES mass_email_sends(id) ON DELETE CASCADE,
      link_index smallint NOT NULL CHECK (link_index >= 0),
      clicks integer NOT NULL CHECK (clicks >= 0),
      PRIMARY KEY (send_id, link_index)
    )`.execute(db);
  await sql`CREATE INDEX donations_refcode ON donations (refcode) WHERE refcode IS NOT NULL`.execute(db);
}
