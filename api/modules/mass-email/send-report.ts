import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../../db/client';
import { paidGift } from '../donations/paid-gifts';

export interface LinkClicks {
  index: number;
  target: string;
  /** Recipients who clicked it (each once), the clicks folded into totals after 13 months included. */
  clicks: number;
}

/** The refcode of a send's donation links, `em-{send}` (api/contract/giving-links.ts), in SQL. */
const refcodeOf = (sendId: RawBuilder<number>) => sql`'em-' || ${sendId}::text`;

/** A send's clicks on all its links (kept rows and folded totals); `sendId` names its id column. */
export function sendClicksSql(sendId: string): RawBuilder<number> {
  return sql<number>`(
    (SELECT count(*) FROM mass_email_link_clicks k WHERE k.send_id = ${sql.ref(sendId)})
    + (SELECT coalesce(sum(t.clicks), 0) FROM mass_email_link_totals t WHERE t.send_id = ${sql.ref(sendId)})
  )::int`;
}

/** The paid gifts made through a send's refcode: how many, or their sum in cents. */
export function sendGiftsSql(sendId: string, what: 'count' | 'cents'): RawBuilder<number> {
  const value = what === 'count' ? sql`count(*)` : sql`coalesce(sum(g.amount_cents), 0)`;
  return sql<number>`(SELECT ${value} FROM donations g
    WHERE g.refcode = ${refcodeOf(sql.ref(sendId) as RawBuilder<number>)} AND ${paidGift('g')})::int`;
}

/**
 * Clicks by link (docs/decisions/0099-designed-email-and-click-tracking.md): each of the send's
 * links in order, with the recipients who followed it. The list's rows carry the totals.
 */
export async function clicksByLink(db: Db, sendId: number): Promise<LinkClicks[]> {
  const send = await db
    .selectFrom('mass_email_sends')
    .select('link_targets')
    .where('id', '=', sendId)
    .executeTakeFirst();
  const counts = await sql<{ link_index: number; clicks: number }>`
    SELECT link_index, sum(clicks)::int AS clicks FROM (
      SELECT link_index, count(*)::int AS clicks FROM mass_email_link_clicks
      WHERE send_id = ${sendId} GROUP BY link_index
      UNION ALL
      SELECT link_index, clicks FROM mass_email_link_totals WHERE send_id = ${sendId}) c
    GROUP BY link_index`.execute(db);
  const byIndex = new Map(counts.rows.map((r) => [Number(r.link_index), Number(r.clicks)]));
  return (send?.link_targets ?? []).map((target, index) => ({
    index,
    target,
    clicks: byIndex.get(index) ?? 0,
  }));
}
