import type { Db } from '../../../db/client';
import { NotFoundError, ValidationError } from '../errors';
import { hitRateLimit } from '../rate-limits/service';
import { isReferenceValue } from '../reference-options/service';
import type { ReportJobInput } from './schema';

/**
 * A member reports a posting: a red flag (target 'job') for SUPPORT/SECURITY to review
 * (docs/product/rulings.md "Red flags"). One open report per member and posting.
 */
export async function reportJob(db: Db, userId: number, input: ReportJobInput) {
  const job = await db
    .selectFrom('job_postings')
    .select(['id', 'employer_id'])
    .where('id', '=', input.jobId)
    .executeTakeFirst();
  if (!job) throw new NotFoundError('This job posting does not exist.');
  if (job.employer_id === userId)
    throw new ValidationError({ reason: ['You cannot report your own posting.'] });
  if (!(await isReferenceValue(db, 'report', input.reason))) {
    throw new ValidationError({ reason: ['Please choose a reason from the list.'] });
  }
  await hitRateLimit(
    db,
    {
      name: 'job-report',
      limit: 10,
      windowSeconds: 3600,
      message: 'You have sent many reports. Please wait a while before sending another.',
    },
    String(userId),
  );
  const already = await db
    .selectFrom('red_flags')
    .select('id')
    .where('reporter_id', '=', userId)
    .where('target_type', '=', 'job')
    .where('target_id', '=', String(job.id))
    .where('status', '=', 'open')
    .executeTakeFirst();
  if (already) return { reported: true, redFlagId: already.id };
  const flag = await db
    .insertInto('red_flags')
    .values({
      reporter_id: userId,
      target_type: 'job',
      target_id: String(job.id),
      reason: input.reason,
      details: input.details,
      updated_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { reported: true, redFlagId: flag.id };
}
