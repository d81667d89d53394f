import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { ITEMIZATION_THRESHOLD_CENTS } from '../../contract/fec-limits';
import type { EmailPort } from '../../ports/email';
import { deliverAfterCommit } from '../../ports/email';
import { ValidationError } from '../errors';
import { followUpEmail, followUpLink } from './gift-mail';
import { paidGift } from './paid-gifts';
import { linkTokenValid } from './references';
import { followUpInput } from './schema';

const FOLLOW_UP_WINDOW_DAYS = 30;

export interface FollowUpDeps {
  db: Db;
  email: EmailPort;
  config: { appUrl: string; appSecret: string };
}

/** Paid gifts still missing employer or occupation, of a donor and candidate whose cycle passed $200. */
function missingDetails(db: Db, since: Date) {
  return db
    .selectFrom('donations as d')
    .where(paidGift('d'))
    .where((eb) => eb.or([eb('d.employer', 'is', null), eb('d.occupation', 'is', null)]))
    .where('d.created_at', '>=', since)
    .where(
      (eb) =>
        eb
          .selectFrom('donation_ledger as l')
          .select(sql<number>`coalesce(sum(l.committed_cents), 0)`.as('cycle'))
          .whereRef('l.donor_id', '=', 'd.donor_id')
          .whereRef('l.candidate_id', '=', 'd.candidate_id'),
      '>',
      ITEMIZATION_THRESHOLD_CENTS,
    );
}

/**
 * The best-efforts follow-up (docs/decisions/0021-campaign-donations.md): a monthly gift that crossed $200 in a renewal
 * could not ask for employer and occupation, so once per donor and candidate we email one signed
 * link asking for them. Gifts are claimed (follow_up_sent_at) in the transaction that queues the
 * email, so a re-run or a second runner sends nothing more. Returns the emails sent.
 */
export async function sendDonationFollowUps(deps: FollowUpDeps, now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - FOLLOW_UP_WINDOW_DAYS * 86_400_000);
  const pairs = await missingDetails(deps.db, since)
    .where('d.follow_up_sent_at', 'is', null)
    .select(['d.donor_id', 'd.candidate_id'])
    .distinct()
    .limit(500)
    .execute();
  let sent = 0;
  for (const pair of pairs) {
    const mailed = await deps.db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('donations')
        .set({ follow_up_sent_at: now })
        .where('donor_id', '=', pair.donor_id)
        .where('candidate_id', '=', pair.candidate_id)
        .where(paidGift('donations'))
        .where((eb) => eb.or([eb('employer', 'is', null), eb('occupation', 'is', null)]))
        .where('follow_up_sent_at', 'is', null)
        .returning(['id', 'reference', 'email'])
        .execute();
      const latest = claimed.sort((a, b) => Number(b.id) - Number(a.id))[0];
      if (!latest) return false;
      const candidate = await trx
        .selectFrom('users')
        .select(['first_name', 'last_name'])
        .where('id', '=', pair.candidate_id)
        .executeTakeFirstOrThrow();
      await deps.email.send(
        trx,
        followUpEmail({
          to: latest.email,
          candidateName: `${candidate.first_name ?? ''} ${candidate.last_name ?? ''}`.trim(),
          link: followUpLink(deps.config.appUrl, deps.config.appSecret, latest.reference),
        }),
      );
      return true;
    });
    if (mailed) sent++;
  }
  if (sent > 0) await deliverAfterCommit(deps.db, deps.email);
  return sent;
}

/** The gift a follow-up link names, or null when the link is not valid. */
export async function followUpGift(db: Db, secret: string, reference: string, token: unknown) {
  if (!linkTokenValid(secret, 'donation-follow-up', reference, token)) return null;
  const row = await db
    .selectFrom('donations as d')
    .innerJoin('users as u', 'u.id', 'd.candidate_id')
    .select([
      'd.id',
      'd.donor_id',
      'd.candidate_id',
      'd.follow_up_answered_at',
      'u.first_name',
      'u.last_name',
    ])
    .where('d.reference', '=', reference)
    .executeTakeFirst();
  if (!row) return null;
  return {
    donorId: row.donor_id,
    candidateId: row.candidate_id,
    candidateName: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim(),
    answered: row.follow_up_answered_at !== null,
  };
}

/**
 * The donor's answer: employer and occupation go on every gift of theirs to this candidate that
 * lacks them (a value already given is kept). Null when the link is not valid; field errors as
 * ValidationError.
 */
export async function answerFollowUp(
  db: Db,
  secret: string,
  reference: string,
  token: unknown,
  raw: unknown,
): Promise<{ updated: number; candidateName: string } | null> {
  const gift = await followUpGift(db, secret, reference, token);
  if (!gift) return null;
  const parsed = followUpInput.safeParse(raw);
  if (!parsed.success) {
    throw new ValidationError(z.flattenError(parsed.error).fieldErrors as Record<string, string[]>);
  }
  const { employer, occupation } = parsed.data;
  const updated = await db
    .updateTable('donations')
    .set({
      employer: sql<string>`coalesce(employer, ${employer})`,
      occupation: sql<string>`coalesce(occupation, ${occupation})`,
      follow_up_answered_at: sql<Date>`now()`,
    })
    .where('donor_id', '=', gift.donorId)
    .where('candidate_id', '=', gift.candidateId)
    .where((eb) => eb.or([eb('employer', 'is', null), eb('occupation', 'is', null)]))
    .execute();
  return {
    updated: updated.reduce((n, r) => n + Number(r.numUpdatedRows), 0),
    candidateName: gift.candidateName,
  };
}
