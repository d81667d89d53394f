import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import type { EmailPort } from '../../ports/email';
import { fixLinkTargets } from './link-clicks';
import { type MassEmailLinks, renderMassEmail, type SendContent } from './message';
import { UNFINISHED_SEND_STATUSES } from './send-jobs';
import { suppress } from './suppressions';

/** Recipients claimed per batch. */
export const BATCH_SIZE = 50;
/** Sends to one address a soft failure (4xx, connection refused) may take before it counts as failed. */
export const MAX_ATTEMPTS = 5;
/**
 * How long a run works before it asks for a continuation: a few times shorter than the queue's
 * expiry (api/doors/queue-handlers/mass-email.ts), which must stay short so that a run whose process died is
 * retried soon (docs/decisions/0072-crashes-mass-email-resumes-and-port-stays-open.md).
 */
export const SLICE_MS = 15_000;
/** A soft failure waits 30 s, then 60, 120… before its next attempt. */
const RETRY_BASE_SECONDS = 30;

export interface DeliveryDeps {
  db: Db;
  email: EmailPort;
  links: MassEmailLinks;
  batchSize?: number;
  /**
   * A run stops after this long (checked before each message, so a slow mail server cannot
   * stretch a batch past the job's expiry) and asks for a continuation.
   */
  sliceMs?: number;
  /** How far the send got, after each batch (the job writes it to job_progress). */
  onProgress?: (progress: { done: number; total: number }) => Promise<void>;
  /** Tests stop a run here, after a message was handed over and before it is marked. */
  afterHandOff?: (email: string) => void;
}

export type DeliveryResult =
  | { state: 'finished' }
  | { state: 'gone' }
  /** Work is left: soft failures waiting for their next attempt, or the run's time slice is over. */
  | { state: 'continue'; notBefore: Date };

interface Claimed {
  id: string;
  email: string;
  first_name: string | null;
  attempts: number;
}

/** The key that makes each recipient's message leave at most once (email_outbox.idempotency_key). */
export function messageKey(sendId: number, email: string): string {
  return `mass-email:${sendId}:${email}`;
}

/**
 * Claims due recipients: 'pending' → 'sending' in one UPDATE over rows locked with SKIP LOCKED, so
 * two runs never claim the same one. `orphans` takes instead the rows a stopped run had claimed.
 */
async function claim(db: Db, sendId: number, limit: number, orphans: boolean): Promise<Claimed[]> {
  const due = orphans ? sql`status = 'sending'` : sql`status = 'pending' AND next_attempt_at <= now()`;
  const result = await sql<Claimed>`
    UPDATE mass_email_recipients r
    SET status = 'sending', claimed_at = now(), attempts = r.attempts + ${orphans ? 0 : 1}
    WHERE r.id IN (
      SELECT id FROM mass_email_recipients
      WHERE send_id = ${sendId} AND ${due}
      ORDER BY id LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING r.id, r.email, r.first_name, r.attempts`.execute(db);
  return result.rows;
}

function mark(db: Db, id: string, status: 'sent' | 'failed' | 'suppressed', error: string | null = null) {
  return db
    .updateTable('mass_email_recipients')
    .set({ status, error, ...(status === 'sent' ? { sent_at: new Date() } : {}) })
    .where('id', '=', id)
    .execute();
}

async function isCancelled(db: Db, sendId: number): Promise<boolean> {
  const row = await db
    .selectFrom('mass_email_sends')
    .select('status')
    .where('id', '=', sendId)
    .executeTakeFirst();
  return row?.status !== 'sending';
}

/** The send's counts from its recipients, written on the row the console lists (survives a reload). */
export async function refreshCounts(db: Db, sendId: number) {
  const result = await sql<{ total: number; sent: number; suppressed: number; failed: number }>`
    UPDATE mass_email_sends s SET
      sent_count = c.sent, suppressed_count = c.suppressed, failed_count = c.failed
    FROM (
      SELECT count(*) FILTER (WHERE status = 'sent')::int AS sent,
             count(*) FILTER (WHERE status = 'suppressed')::int AS suppressed,
             count(*) FILTER (WHERE status = 'failed')::int AS failed
      FROM mass_email_recipients WHERE send_id = ${sendId}) c
    WHERE s.id = ${sendId}
    RETURNING s.total, c.sent, c.suppressed, c.failed`.execute(db);
  return result.rows[0] ?? { total: 0, sent: 0, suppressed: 0, failed: 0 };
}

/** One claimed recipient: suppressed, sent once, or failed (a hard bounce joins the suppression list). */
async function deliverOne(deps: DeliveryDeps, send: SendContent, r: Claimed) {
  const message = await renderMassEmail(send, r, deps.links);
  const outcome = await deps.email.sendOnce(deps.db, message, messageKey(send.id, r.email));
  deps.afterHandOff?.(r.email);
  switch (outcome.outcome) {
    case 'sent':
    case 'already-sent':
      return mark(deps.db, r.id, 'sent');
    case 'unconfirmed':
      // Handed to the mail server by a run that stopped before the answer: it may have arrived.
      // Sending again could deliver a second copy, so it is reported failed (docs/decisions/0022-mass-email.md).
      return mark(
        deps.db,
        r.id,
        'failed',
        'unconfirmed: the sending process stopped mid-delivery; not resent',
      );
    case 'failed':
      if (outcome.permanent) {
        await suppress(deps.db, r.email, 'hard_bounce', `mass-email:${send.id}`);
        return mark(deps.db, r.id, 'failed', outcome.error);
      }
      if (r.attempts >= MAX_ATTEMPTS) return mark(deps.db, r.id, 'failed', outcome.error);
      return deps.db
        .updateTable('mass_email_recipients')
        .set({
          status: 'pending',
          error: outcome.error,
          next_attempt_at: sql`now() + ${`${RETRY_BASE_SECONDS * 2 ** (r.attempts - 1)} seconds`}::interval`,
        })
        .where('id', '=', r.id)
        .execute();
  }
}

/**
 * Delivers a send in batches (docs/decisions/0022-mass-email.md). Each claimed recipient is checked against the
 * suppression list, then sent through `sendOnce` with the key send id + address: the outbox row is
 * committed before the message leaves, so a run stopped at any point and started again sends no
 * second copy. The rows a stopped run had claimed are taken first; `sendOnce` tells which of them
 * left. The send ends 'sent' when no recipient is pending or claimed.
 */
export async function deliverSend(deps: DeliveryDeps, sendId: number): Promise<DeliveryResult> {
  const started = Date.now();
  const found = await deps.db
    .updateTable('mass_email_sends')
    .set({ status: 'sending' })
    .where('id', '=', sendId)
    .where('status', 'in', UNFINISHED_SEND_STATUSES)
    .returning(['id', 'subject', 'body', 'from_name', 'audience_reason', 'link_targets'])
    .executeTakeFirst();
  if (!found) return { state: 'gone' };
  const send = { ...found, link_targets: await fixLinkTargets(deps.db, found, deps.links.appUrl) };
  const batchSize = deps.batchSize ?? BATCH_SIZE;
  const sliceOver = () => Date.now() - started > (deps.sliceMs ?? SLICE_MS);

  for (let orphans = true; ; ) {
    if (sliceOver()) return { state: 'continue', notBefore: new Date() };
    // Cancelled from the console between two batches: claim nothing more.
    if (await isCancelled(deps.db, sendId)) return { state: 'gone' };
    const batch = await claim(deps.db, sendId, batchSize, orphans);
    if (batch.length === 0) {
      if (orphans) {
        orphans = false;
        continue;
      }
      break;
    }
    const held = await deps.db
      .selectFrom('email_suppressions')
      .select('email')
      .where(
        'email',
        'in',
        batch.map((r) => r.email),
      )
      .execute();
    const suppressed = new Set(held.map((h) => h.email));
    let cut = false;
    for (const r of batch) {
      // The rest stay claimed: the continuation takes them first, as it would a stopped run's.
      if (sliceOver()) {
        cut = true;
        break;
      }
      if (suppressed.has(r.email)) await mark(deps.db, r.id, 'suppressed');
      else await deliverOne(deps, send, r);
    }
    const counts = await refreshCounts(deps.db, sendId);
    await deps.onProgress?.({ done: counts.sent + counts.suppressed + counts.failed, total: counts.total });
    if (cut) return { state: 'continue', notBefore: new Date() };
  }

  const waiting = await deps.db
    .selectFrom('mass_email_recipients')
    .select((eb) => eb.fn.min('next_attempt_at').as('next'))
    .where('send_id', '=', sendId)
    .where('status', 'in', ['pending', 'sending'])
    .executeTakeFirst();
  if (waiting?.next) return { state: 'continue', notBefore: new Date(waiting.next) };
  await refreshCounts(deps.db, sendId);
  await deps.db
    .updateTable('mass_email_sends')
    .set({ status: 'sent', finished_at: new Date() })
    .where('id', '=', sendId)
    .where('status', '=', 'sending')
    .execute();
  return { state: 'finished' };
}
