import { z } from 'zod';
import type { Db } from '../../../db/client';
import type { EmailPort } from '../../ports/email';
import { recordAudit } from '../audit/service';
import { ValidationError } from '../errors';
import { liveTreasurers } from './treasurer-list';

/**
 * Treasurers (docs/decisions/0090-fec-reports.md): a candidate names members treasurer by their
 * email and may revoke them. A treasurer sees the candidate's money, compliance and reports (the
 * /treasury pages) and nothing else of the candidate's. Naming and revoking are audited in the
 * same transaction as the change.
 */
export const treasurerInput = z.object({
  email: z
    .string({ error: 'Enter the member’s email.' })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'Enter the member’s email, like name@example.org.' })),
});

export { liveTreasurers };

export async function nameTreasurer(
  db: Db,
  email: EmailPort,
  candidate: { id: number; name: string },
  memberEmail: string,
  appUrl: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const member = await trx
      .selectFrom('users')
      .select(['id', 'email'])
      .where('email', '=', memberEmail)
      .where('blocked_at', 'is', null)
      .executeTakeFirst();
    if (!member) throw new ValidationError({ email: ['No member has this email. Ask them to join first.'] });
    if (member.id === candidate.id)
      throw new ValidationError({ email: ['You already see your own reports.'] });
    const named = await trx
      .insertInto('campaign_treasurers')
      .values({ candidate_id: candidate.id, user_id: member.id })
      .onConflict((oc) => oc.columns(['candidate_id', 'user_id']).where('revoked_at', 'is', null).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!named) throw new ValidationError({ email: ['This member is already your treasurer.'] });
    await recordAudit(trx, {
      actorId: candidate.id,
      action: 'treasurer.named',
      targetType: 'campaign_treasurer',
      targetId: named.id,
      after: { candidateId: candidate.id, userId: member.id },
    });
    await email.send(trx, {
      to: member.email,
      subject: `${candidate.name} named you treasurer`,
      text: `${candidate.name} named you treasurer of their campaign. You can see its money, compliance and FEC reports at ${appUrl}/treasury once you sign in.`,
    });
  });
}

/** Revokes one of the candidate's own treasurers; false when it is not theirs or already revoked. */
export async function revokeTreasurer(db: Db, candidateId: number, treasurerId: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const revoked = await trx
      .updateTable('campaign_treasurers')
      .set({ revoked_at: new Date() })
      .where('id', '=', treasurerId)
      .where('candidate_id', '=', candidateId)
      .where('revoked_at', 'is', null)
      .returning(['id', 'user_id'])
      .executeTakeFirst();
    if (!revoked) return false;
    await recordAudit(trx, {
      actorId: candidateId,
      action: 'treasurer.revoked',
      targetType: 'campaign_treasurer',
      targetId: revoked.id,
      before: { candidateId, userId: revoked.user_id },
    });
    return true;
  });
}

/** The candidates whose treasurer `userId` is now: the /treasury list, and the guard of its pages. */
export function campaignsTreasuredBy(db: Db, userId: number) {
  return db
    .selectFrom('campaign_treasurers as t')
    .innerJoin('users as u', 'u.id', 't.candidate_id')
    .select(['t.candidate_id as candidateId', 'u.first_name as firstName', 'u.last_name as lastName'])
    .where('t.user_id', '=', userId)
    .where('t.revoked_at', 'is', null)
    .where('u.is_candidate', '=', true)
    .orderBy('u.last_name')
    .execute();
}

export async function isTreasurerOf(db: Db, userId: number, candidateId: number): Promise<boolean> {
  const row = await db
    .selectFrom('campaign_treasurers')
    .select('id')
    .where('user_id', '=', userId)
    .where('candidate_id', '=', candidateId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Boolean(row);
}
