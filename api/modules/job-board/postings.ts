import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import type { JobPayUnit } from '../../../db/schema';
import { WHO_MAY_POST_JOBS } from '../../contract/job-board';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors';
import { entitlementsOf } from '../membership/entitlements';
import { hitRateLimit } from '../rate-limits/service';
import { getReferenceLists } from '../reference-options/service';
import type { JobPostingInput } from './schema';
import { takingApplications, todayUtc } from './taking-applications';

/** 20 postings or edits an hour per employer: a busy hiring day, far from a flood. */
export const POST_LIMIT = {
  name: 'job-post',
  limit: 20,
  windowSeconds: 3600,
  message: 'You are posting jobs too quickly. Please wait a while and try again.',
};

/** A closing date at most a year ahead: postings do not linger for ever. */
const MAX_OPEN_DAYS = 365;
const DAY_MS = 86_400_000;

/** Organizations, candidates and vendors post jobs (docs/product/rulings.md "Jobs"); individuals apply. */
export async function employerOf(db: Db, userId: number) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'kind', 'is_candidate', 'is_vendor', 'org_name', 'first_name', 'last_name'])
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .where('blocked_at', 'is', null)
    .executeTakeFirst();
  if (!user || !(user.kind === 'organization' || user.is_candidate || user.is_vendor)) return null;
  const name =
    user.kind === 'organization' && user.org_name
      ? user.org_name
      : `${user.first_name ?? ''} ${user.last_name ?? ''}`.trim();
  return { id: user.id, name };
}

async function requireEmployer(db: Db, userId: number) {
  const employer = await employerOf(db, userId);
  if (!employer) {
    throw new ForbiddenError(WHO_MAY_POST_JOBS);
  }
  return employer;
}

/** Every reference value of the posting must be one of its list's options. */
async function checkReferences(db: Db, input: JobPostingInput, today: string) {
  const lists = await getReferenceLists(db);
  const has = (list: string, value: string) => lists[list]?.some((o) => o.value === value) ?? false;
  const errors: Record<string, string[]> = {};
  if (!has('states', input.state)) errors.state = ['Choose a state from the list.'];
  if (!has('jobtype', input.jobtype)) errors.jobtype = ['Choose a job type from the list.'];
  if (!has('employment', input.employment)) errors.employment = ['Choose an employment from the list.'];
  if (input.position && !has('position', input.position))
    errors.position = ['Choose an issue from the list.'];
  if (input.skills.some((s) => !has('skill', s))) errors.skills = ['Choose skills from the list.'];
  const closes = Date.parse(`${input.closesOn}T00:00:00Z`);
  const latest = Date.parse(`${today}T00:00:00Z`) + MAX_OPEN_DAYS * DAY_MS;
  if (Number.isNaN(closes) || input.closesOn < today || closes > latest) {
    errors.closesOn = ['Choose a closing date between today and a year from now.'];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

function columnsOf(input: JobPostingInput) {
  return {
    title: input.title,
    organization: input.organization,
    state: input.state,
    remote: input.remote,
    jobtype: input.jobtype,
    employment: input.employment,
    position: input.position,
    skills: input.skills,
    pay_min_cents: input.payMin === null ? null : input.payMin * 100,
    pay_max_cents: input.payMax === null ? null : input.payMax * 100,
    pay_unit: input.payUnit as JobPayUnit,
    description: input.description,
    closes_on: input.closesOn,
  };
}

/** How many postings the employer has open: what the allowance of open postings limits. */
export async function openPostingCount(db: Db, employerId: number): Promise<number> {
  const row = await db
    .selectFrom('job_postings')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('employer_id', '=', employerId)
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Posts a job within the employer's allowance of open postings (membership_entitlements.
 * open_job_posts). The employer's row is locked for the count and the insert, so two posts sent
 * at once are counted one after the other and cannot both take the last free place.
 */
export async function postJob(db: Db, userId: number, input: JobPostingInput, now = new Date()) {
  await requireEmployer(db, userId);
  await checkReferences(db, input, todayUtc(now));
  await hitRateLimit(db, POST_LIMIT, String(userId));
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    const allowed = (await entitlementsOf(trx, userId, now)).openJobPosts;
    if ((await openPostingCount(trx, userId)) >= allowed) {
      throw new ConflictError(
        `Your membership allows ${allowed} open job ${allowed === 1 ? 'posting' : 'postings'} at a time. Close one or upgrade your membership to post another.`,
      );
    }
    return trx
      .insertInto('job_postings')
      .values({ employer_id: userId, ...columnsOf(input) })
      .returning('id')
      .executeTakeFirstOrThrow();
  });
}

/** The employer edits their own open posting; a closed one stays closed (post a new one). */
export async function editJob(
  db: Db,
  userId: number,
  jobId: number,
  input: JobPostingInput,
  now = new Date(),
) {
  await requireEmployer(db, userId);
  await ownPosting(db, userId, jobId);
  await checkReferences(db, input, todayUtc(now));
  await hitRateLimit(db, POST_LIMIT, String(userId));
  const updated = await db
    .updateTable('job_postings')
    .set({ ...columnsOf(input), updated_at: now })
    .where('id', '=', jobId)
    .where('employer_id', '=', userId)
    .where('status', '=', 'open')
    .returning('id')
    .executeTakeFirst();
  if (!updated) throw new ConflictError('This posting is closed and can no longer be edited.');
  return updated;
}

/** Closes the employer's posting now: it leaves search and takes no more applications. */
export async function closeJob(db: Db, userId: number, jobId: number, now = new Date()) {
  await ownPosting(db, userId, jobId);
  await db
    .updateTable('job_postings')
    .set({ status: 'closed', closed_at: now, updated_at: now })
    .where('id', '=', jobId)
    .where('employer_id', '=', userId)
    .where('status', '=', 'open')
    .execute();
}

/** The posting if `userId` posted it; anyone else learns only that there is no such posting. */
export async function ownPosting(db: Db, userId: number, jobId: number) {
  const job = await db
    .selectFrom('job_postings')
    .select(['id', 'title', 'status', 'employer_id'])
    .where('id', '=', jobId)
    .where('employer_id', '=', userId)
    .executeTakeFirst();
  if (!job) throw new NotFoundError('This job posting does not exist.');
  return job;
}

/**
 * Closes every open posting that no longer takes applications: its closing date has passed (the job queue's daily-or-more run,
 * api/doors/queue-handlers/job-board-upkeep.ts). A posting stays open through its whole closing date.
 */
export async function closeExpiredPostings(db: Db, now = new Date()): Promise<number> {
  const result = await db
    .updateTable('job_postings')
    .set({ status: 'closed', closed_at: now, updated_at: now })
    .where('status', '=', 'open')
    .where(sql<boolean>`NOT ${takingApplications(now, 'job_postings')}`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
