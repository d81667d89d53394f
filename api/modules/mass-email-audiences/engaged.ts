import { type RawBuilder, sql } from 'kysely';
import { z } from 'zod';
import { ENGAGED_WINDOWS, type EngagedWindow } from '../../contract/engaged-audiences';
import { paidGift } from '../donations/paid-gifts';
import type { AudienceRecipient } from '../mass-email/audiences';

/** The window's parameter: 30, 60 or 90 days, a clear field error otherwise. */
export const engagedDays = z.coerce
  .number({ error: 'Choose 30, 60 or 90 days.' })
  .refine(
    (n): n is EngagedWindow => (ENGAGED_WINDOWS as readonly number[]).includes(n),
    'Choose 30, 60 or 90 days.',
  )
  .transform((n) => n as EngagedWindow);

/**
 * Who clicked or gave in the last `days` days (docs/decisions/0099): the recipients with a kept click
 * on a tracked link (an unsubscribed person's are not kept) and the addresses of paid gifts,
 * lower-cased, once each, with the first name of their latest engagement. `sends` narrows the
 * clicks to some sends, `gifts` the gifts to some candidate's; both name the aliases k/r/s and d.
 */
export function engagedRecipients(
  days: EngagedWindow,
  where: { sends?: RawBuilder<boolean>; gifts?: RawBuilder<boolean> } = {},
): RawBuilder<AudienceRecipient> {
  const since = sql`now() - ${`${days} days`}::interval`;
  return sql<AudienceRecipient>`
    SELECT DISTINCT ON (e.email) e.email, e.first_name FROM (
      SELECT r.email, r.first_name, k.clicked_at AS at
      FROM mass_email_link_clicks k
      JOIN mass_email_recipients r ON r.id = k.recipient_id
      JOIN mass_email_sends s ON s.id = k.send_id
      WHERE k.clicked_at >= ${since} AND ${where.sends ?? sql`true`}
      UNION ALL
      SELECT lower(trim(d.email)), d.first_name, d.paid_at
      FROM donations d
      WHERE ${paidGift('d')} AND d.paid_at >= ${since} AND position('@' in d.email) > 0
        AND ${where.gifts ?? sql`true`}
    ) e
    ORDER BY e.email, e.at DESC`;
}
