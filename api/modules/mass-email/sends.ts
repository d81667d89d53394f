import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import { jsonb } from '../../../db/json';
import type { JobsPort } from '../../ports/queue';
import { recordAudit } from '../audit/service';
import { ValidationError } from '../errors';
import type { StaffActor } from '../staff/employees';
import { chargeAllowance, type MonthlyAllowance } from './allowance';
import type { Audience, AudienceDescription, MassEmailAudiences } from './audiences';
import { type MassEmailLinks, renderMassEmail } from './message';
import { MASS_EMAIL_QUEUE, massEmailJobOptions } from './queue';
import type { AudienceRef, ComposeInput } from './schema';
import { UNFINISHED_SEND_STATUSES } from './send-jobs';

export interface MassEmailDeps {
  db: Db;
  audiences: MassEmailAudiences;
}

interface ResolvedAudience {
  audience: Audience;
  params: object;
  description: AudienceDescription;
}

/** The registered audience and its checked parameters; field errors when either is wrong. */
export async function resolveAudience(deps: MassEmailDeps, ref: AudienceRef): Promise<ResolvedAudience> {
  const audience = deps.audiences.get(ref.kind);
  if (!audience) throw new ValidationError({ audience: ['Choose who receives this email.'] });
  const parsed = audience.params.safeParse(ref.params);
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path.map(String).join('.') || 'audience';
      fields[key] = [...(fields[key] ?? []), issue.message];
    }
    throw new ValidationError(fields);
  }
  const description = await audience.describe(deps.db, parsed.data);
  if (!description) throw new ValidationError(audience.missing);
  return { audience, params: parsed.data, description };
}

/** How many would receive it now, and how many of the audience the suppression list holds back. */
export async function countAudience(db: Db, resolved: ResolvedAudience) {
  const recipients = resolved.audience.recipients(db, resolved.params);
  const result = await sql<{ total: number; suppressed: number }>`
    SELECT count(*)::int AS total, count(s.email)::int AS suppressed
    FROM (${recipients}) a LEFT JOIN email_suppressions s ON s.email = a.email`.execute(db);
  const row = result.rows[0] ?? { total: 0, suppressed: 0 };
  return { recipients: row.total - row.suppressed, suppressed: row.suppressed, total: row.total };
}

/**
 * The compose screen's preview and count: the email as the first recipient (by address) will read
 * it, footer and headers included, with a placeholder in place of their real unsubscribe token so
 * a click in the console unsubscribes nobody.
 */
export async function previewSend(
  deps: MassEmailDeps & { links: MassEmailLinks },
  ref: AudienceRef,
  content: ComposeInput,
) {
  const resolved = await resolveAudience(deps, ref);
  const count = await countAudience(deps.db, resolved);
  const recipients = resolved.audience.recipients(deps.db, resolved.params);
  const first = await sql<{ email: string; first_name: string | null }>`
    SELECT a.email, a.first_name FROM (${recipients}) a
    WHERE NOT EXISTS (SELECT 1 FROM email_suppressions s WHERE s.email = a.email)
    ORDER BY a.email LIMIT 1`.execute(deps.db);
  const recipient = first.rows[0];
  const preview = recipient
    ? await renderMassEmail(
        {
          id: 0,
          subject: content.subject,
          body: content.body,
          from_name: content.fromName,
          audience_reason: resolved.description.reason,
        },
        recipient,
        deps.links,
        { preview: true },
      )
    : null;
  return { audience: resolved.description.label, ...count, preview };
}

/**
 * Send: the send row and its recipient list, materialized from the audience in one transaction
 * (suppressed addresses are listed as 'suppressed' and never sent), then one job on the queue that
 * delivers it in batches (api/doors/queue-handlers/mass-email.ts). An empty audience is refused.
 */
export async function queueSend(
  deps: MassEmailDeps & { jobs: JobsPort },
  ref: AudienceRef,
  content: ComposeInput,
  actor: StaffActor,
  /** A member's monthly allowance the recipients count against, in this transaction (docs/decisions/0032-gotv-and-candidate-emails.md). */
  options: { allowance?: MonthlyAllowance } = {},
) {
  const resolved = await resolveAudience(deps, ref);
  const send = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('mass_email_sends')
      .values({
        audience_kind: resolved.audience.kind,
        audience_params: jsonb(resolved.params as Record<string, unknown>),
        audience_label: resolved.description.label,
        audience_reason: resolved.description.reason,
        subject: content.subject,
        body: content.body,
        from_name: content.fromName,
        created_by: actor.id,
        status: 'queued',
        queued_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const recipients = resolved.audience.recipients(trx, resolved.params);
    await sql`
      INSERT INTO mass_email_recipients (send_id, email, first_name, status)
      SELECT ${row.id}, a.email, a.first_name,
             CASE WHEN s.email IS NULL THEN 'pending' ELSE 'suppressed' END
      FROM (${recipients}) a LEFT JOIN email_suppressions s ON s.email = a.email
      ON CONFLICT (send_id, email) DO NOTHING`.execute(trx);
    const counts = await trx
      .updateTable('mass_email_sends')
      .set({
        total: sql`(SELECT count(*) FROM mass_email_recipients WHERE send_id = ${row.id})`,
        suppressed_count: sql`(SELECT count(*) FROM mass_email_recipients
          WHERE send_id = ${row.id} AND status = 'suppressed')`,
      })
      .where('id', '=', row.id)
      .returning(['total', 'suppressed_count'])
      .executeTakeFirstOrThrow();
    if (counts.total - counts.suppressed_count === 0) {
      throw new ValidationError(
        {
          audience: [
            'Nobody would receive this email: the audience is empty or every address is suppressed.',
          ],
        },
        'Nobody would receive this email.',
      );
    }
    if (options.allowance)
      await chargeAllowance(trx, options.allowance, counts.total - counts.suppressed_count);
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'mass-email.send',
      targetType: 'mass_email_send',
      targetId: row.id,
      after: { audience: resolved.description.label, subject: content.subject, recipients: counts.total },
      ip: actor.ip,
    });
    return row;
  });
  const jobId = await deps.jobs.send(MASS_EMAIL_QUEUE, { sendId: send.id }, massEmailJobOptions(send.id));
  if (jobId)
    await deps.db.updateTable('mass_email_sends').set({ job_id: jobId }).where('id', '=', send.id).execute();
  return send;
}

/**
 * Stops a queued or sending send: recipients not yet claimed are never sent; a batch already
 * claimed finishes (each message leaves at most once either way). False when it had finished.
 */
export async function cancelSend(db: Db, sendId: number, actor: StaffActor): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const cancelled = await trx
      .updateTable('mass_email_sends')
      .set({ status: 'cancelled', finished_at: new Date() })
      .where('id', '=', sendId)
      .where('status', 'in', UNFINISHED_SEND_STATUSES)
      .returning('id')
      .executeTakeFirst();
    if (!cancelled) return false;
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'mass-email.cancel',
      targetType: 'mass_email_send',
      targetId: sendId,
      ip: actor.ip,
    });
    return true;
  });
}
