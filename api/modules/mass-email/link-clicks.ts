import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import { jsonb } from '../../../db/json';
import { blockLinks } from '../../ports/email/design/blocks';
import { readClickToken } from './click-token';
import { sendBlocks } from './message';

/**
 * Mass email click tracking (docs/decisions/0099-designed-email-and-click-tracking.md). No open
 * pixel; a click on a tracked link is kept once per recipient and link for 13 months, then only in
 * the link's total; an unsubscribed person's clicks are never kept.
 */
export const CLICK_RETENTION_MONTHS = 13;

/** Suppressions that mean the person asked us to stop: their clicks are forgotten. */
const STOPPED = ['unsubscribed', 'opted_out'] as const;

/**
 * The send's tracked links, fixed when its delivery first starts: the links of its body in reading
 * order (donation links with its refcode). A second run keeps the first run's list.
 */
export async function fixLinkTargets(
  db: Db,
  send: { id: number; body: string; link_targets: string[] | null },
  appUrl: string,
): Promise<string[]> {
  if (send.link_targets) return send.link_targets;
  const targets = blockLinks(sendBlocks(send.body, appUrl, send.id));
  const row = await db
    .updateTable('mass_email_sends')
    .set({ link_targets: sql<string[]>`coalesce(link_targets, ${jsonb(targets)})` })
    .where('id', '=', send.id)
    .returning('link_targets')
    .executeTakeFirstOrThrow();
  return row.link_targets ?? targets;
}

/**
 * A tracked link followed: where it goes (the send's own link at the token's index), or null when
 * the token was not signed here or names no such recipient or link. The first click of a recipient
 * on a link is kept, unless they have unsubscribed; later ones change nothing.
 */
export async function followClick(db: Db, secret: string, token: string): Promise<string | null> {
  const ref = readClickToken(secret, token);
  if (!ref) return null;
  const row = await db
    .selectFrom('mass_email_recipients as r')
    .innerJoin('mass_email_sends as s', 's.id', 'r.send_id')
    .select(['s.link_targets', 'r.email'])
    .where('r.id', '=', ref.recipientId)
    .where('r.send_id', '=', ref.sendId)
    .executeTakeFirst();
  const target = row?.link_targets?.[ref.linkIndex];
  if (!row || typeof target !== 'string') return null;
  await sql`
    INSERT INTO mass_email_link_clicks (send_id, recipient_id, link_index)
    SELECT ${ref.sendId}, ${ref.recipientId}, ${ref.linkIndex}
    WHERE NOT EXISTS (SELECT 1 FROM email_suppressions
                      WHERE email = ${row.email} AND reason IN (${sql.join(STOPPED)}))
    ON CONFLICT DO NOTHING`.execute(db);
  return target;
}

/** Someone stopped our email: the clicks kept under their address go. */
export async function forgetClicksOf(db: Db, email: string) {
  await db
    .deleteFrom('mass_email_link_clicks')
    .where(
      'recipient_id',
      'in',
      db.selectFrom('mass_email_recipients').select('id').where('email', '=', email.trim().toLowerCase()),
    )
    .execute();
}

/**
 * The maintenance step: clicks older than 13 months leave their rows (which name a recipient) and
 * are added to their link's total, in one statement. How many were folded.
 */
export async function foldOldClicks(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - CLICK_RETENTION_MONTHS);
  const result = await sql<{ folded: number }>`
    WITH gone AS (
      DELETE FROM mass_email_link_clicks WHERE clicked_at < ${cutoff}
      RETURNING send_id, link_index),
    added AS (
      INSERT INTO mass_email_link_totals (send_id, link_index, clicks)
      SELECT send_id, link_index, count(*)::int FROM gone GROUP BY send_id, link_index
      ON CONFLICT (send_id, link_index)
      DO UPDATE SET clicks = mass_email_link_totals.clicks + EXCLUDED.clicks
      RETURNING clicks)
    SELECT (SELECT count(*) FROM gone)::int AS folded`.execute(db);
  return result.rows[0]?.folded ?? 0;
}
