import type { Db } from '../../../db/client';
import { NotFoundError, ValidationError } from '../errors';
import { hitRateLimit } from '../rate-limits/service';
import { assertReportReason, openRedFlagOf, raiseRedFlag } from '../red-flags/raise';
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
  await assertReportReason(db, input.reason);
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
  const already = await openRedFlagOf(db, userId, { type: 'job', id: job.id });
  if (already) return { reported: true, redFlagId: already };
  const redFlagId = await raiseRedFlag(db, {
    reporterId: userId,
    targetType: 'job',
    targetId: job.id,
    reason: input.reason,
    details: input.details,
  });
  return { reported: true, redFlagId };
}
