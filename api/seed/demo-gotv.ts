import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { DEMO_EMAIL_DOMAIN } from './demo-accounts';

/** The demo send's subject: also how a rerun knows it is there. */
export const DEMO_GOTV_SUBJECT = 'Early voting starts Saturday, {{firstName}}';

/**
 * Demo GOTV (docs/decisions/0032-gotv-and-candidate-emails.md): a GOTV send from Marcus Bell (MARKETING) to the members in
 * Ohio, finished, with its report on /admin/GOTV — every Ohio member sent, one generated member
 * suppressed (unsubscribed earlier) — and a GOTV campaign on Marisol Grant's dashboard. Written as
 * the module leaves a finished send (rows, not emails: nothing is mailed by seeding). Reruns
 * insert nothing.
 */
export async function seedDemoGotv(db: Db): Promise<number> {
  const existing = await db
    .selectFrom('mass_email_sends')
    .select('id')
    .where('audience_kind', '=', 'gotv-segment')
    .where('subject', '=', DEMO_GOTV_SUBJECT)
    .executeTakeFirst();
  if (existing) return 0;
  const staff = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', `marketing@${DEMO_EMAIL_DOMAIN}`)
    .executeTakeFirst();
  const voters = await db
    .selectFrom('users')
    .select(sql<string>`lower(email)`.as('email'))
    .where('state', '=', 'OH')
    .where('deleted_at', 'is', null)
    .where('blocked_at', 'is', null)
    .orderBy(sql`lower(email)`)
    .execute();
  // A generated member, never a demo account, is the one who had unsubscribed.
  const held = voters.find((v) => !v.email.endsWith(`@${DEMO_EMAIL_DOMAIN}`))?.email;
  if (!staff || !held) return 0;

  const finished = new Date(Date.now() - 2 * 86_400_000);
  const send = await db
    .insertInto('mass_email_sends')
    .values({
      audience_kind: 'gotv-segment',
      audience_params: { states: ['OH'] },
      audience_label: 'GOTV: Members in OH',
      audience_reason: 'you are a Campaign HQ member',
      subject: DEMO_GOTV_SUBJECT,
      body: 'Hi {{firstName}},\n\nEarly voting in Ohio starts Saturday. Find your polling place and make a plan to vote.\n\nSee you at the polls!',
      from_name: 'Campaign HQ',
      created_by: staff.id,
      status: 'sent',
      total: voters.length,
      sent_count: voters.length - 1,
      suppressed_count: 1,
      failed_count: 0,
      queued_at: new Date(finished.getTime() - 60_000),
      finished_at: finished,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('email_suppressions')
    .values({ email: held, reason: 'unsubscribed', source: 'demo' })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
  await sql`
    INSERT INTO mass_email_recipients (send_id, email, first_name, status, attempts, sent_at)
    SELECT ${send.id}, lower(u.email), u.first_name,
           CASE WHEN lower(u.email) = ${held} THEN 'suppressed' ELSE 'sent' END,
           CASE WHEN lower(u.email) = ${held} THEN 0 ELSE 1 END,
           CASE WHEN lower(u.email) = ${held} THEN NULL ELSE ${finished}::timestamptz END
    FROM users u
    WHERE u.state = 'OH' AND u.deleted_at IS NULL AND u.blocked_at IS NULL`.execute(db);

  const marisol = await db
    .selectFrom('users')
    .select('id')
    .where('handle', '=', 'marisol-grant')
    .where('is_candidate', '=', true)
    .executeTakeFirst();
  if (marisol) {
    await db
      .insertInto('campaigns')
      .values({
        candidate_id: marisol.id,
        type: 'GOTV',
        name: 'Get out the vote in Columbus',
        description: 'Rides to the polls and early-voting reminders for OH-03.',
      })
      .execute();
  }
  return voters.length;
}
