import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import {
  APPLICATION_MOVES,
  APPLICATION_STATUS_LABELS,
  type ApplicationStatus,
  type EmployerMove,
  type MyApplicationView,
} from '../../contract/job-board';
import { NOTIFICATION_TYPE } from '../../contract/notification-types';
import { emit, type RealtimePort } from '../../ports/realtime';
import { ConflictError, ForbiddenError, NotFoundError } from '../errors';
import { nameOf } from '../notifications/names';
import { announceNotification, createNotification } from '../notifications/service';
import { hitRateLimit } from '../rate-limits/service';
import type { ApplyInput } from './schema';
import { takesApplications } from './taking-applications';

/** 20 applications an hour per member: a real job hunt, not a script. */
export const APPLY_LIMIT = {
  name: 'job-apply',
  limit: 20,
  windowSeconds: 3600,
  message: 'You are applying too quickly. Please wait a while and try again.',
};

/** Who may apply: any signed-in member in good standing, except to their own posting. */
async function applicant(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .where('blocked_at', 'is', null)
    .executeTakeFirst();
}

/**
 * Applies once to an open posting with a cover note; the profile goes along by reference (the
 * employer sees it live). The application and the employer's type 3 notification commit
 * together; the employer's open pages hear of it after commit.
 */
export async function applyToJob(
  db: Db,
  realtime: RealtimePort,
  userId: number,
  input: ApplyInput,
  now = new Date(),
) {
  if (!(await applicant(db, userId))) throw new ForbiddenError('Your account cannot apply to jobs.');
  const job = await db
    .selectFrom('job_postings')
    .select(['id', 'title', 'employer_id', 'status', sql<string>`closes_on::text`.as('closes_on')])
    .where('id', '=', input.jobId)
    .executeTakeFirst();
  if (!job) throw new NotFoundError('This job posting does not exist.');
  if (job.employer_id === userId) throw new ForbiddenError('You cannot apply to your own posting.');
  if (!takesApplications(job, now)) {
    throw new ConflictError('This posting is closed and takes no more applications.');
  }
  await hitRateLimit(db, APPLY_LIMIT, String(userId));
  const result = await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('job_applications')
      .values({ job_id: job.id, applicant_id: userId, cover_note: input.coverNote })
      .onConflict((oc) => oc.columns(['job_id', 'applicant_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return null;
    const notification = await createNotification(trx, {
      userId: job.employer_id,
      type: NOTIFICATION_TYPE.jobApplicationReceived,
      message: `${await nameOf(trx, userId)} applied to ${job.title}.`,
      route: `/jobs/${job.id}/applicants/${inserted.id}`,
      relatedUserId: userId,
    });
    return { id: inserted.id, notification };
  });
  if (!result) throw new ConflictError('You have already applied to this job.');
  announceNotification(realtime, result.notification);
  return { applicationId: result.id };
}

/** The session member's application to a posting, if any (the job page says "You applied"). */
export async function myApplicationTo(db: Db, userId: number, jobId: number) {
  return db
    .selectFrom('job_applications')
    .select(['id', 'status', 'created_at'])
    .where('job_id', '=', jobId)
    .where('applicant_id', '=', userId)
    .executeTakeFirst();
}

/** "My applications": every application of the session member, newest first. */
export async function myApplications(db: Db, userId: number): Promise<MyApplicationView[]> {
  const rows = await db
    .selectFrom('job_applications as a')
    .innerJoin('job_postings as j', 'j.id', 'a.job_id')
    .select([
      'a.id',
      'a.job_id',
      'j.title',
      'j.organization',
      'a.status',
      'a.created_at',
      'a.updated_at',
      'j.status as job_status',
    ])
    .where('a.applicant_id', '=', userId)
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(200)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    jobId: r.job_id,
    jobTitle: r.title,
    organization: r.organization,
    status: r.status,
    appliedAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
    jobOpen: r.job_status === 'open',
  }));
}

/** An application with its applicant's public profile, as the employer reads it. */
function applicationQuery(db: Db) {
  return db
    .selectFrom('job_applications as a')
    .innerJoin('job_postings as j', 'j.id', 'a.job_id')
    .innerJoin('users as u', 'u.id', 'a.applicant_id')
    .select([
      'a.id',
      'a.job_id',
      'a.applicant_id',
      'a.cover_note',
      'a.status',
      'a.created_at',
      'a.updated_at',
      'j.title',
      'j.employer_id',
      'u.state',
      'u.bio',
      sql<string>`CASE WHEN u.kind = 'organization' AND u.org_name IS NOT NULL THEN u.org_name
        ELSE trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) END`.as('name'),
    ]);
}

type ApplicationRow = Awaited<ReturnType<ReturnType<typeof applicationQuery>['executeTakeFirstOrThrow']>>;

function toApplicantView(r: ApplicationRow) {
  return {
    id: r.id,
    jobId: r.job_id,
    jobTitle: r.title,
    applicantId: r.applicant_id,
    name: r.name || 'A member',
    state: r.state,
    bio: r.bio,
    coverNote: r.cover_note,
    status: r.status,
    appliedAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}
export type ApplicantView = ReturnType<typeof toApplicantView>;

/** The applicants of the employer's own posting; anyone else gets "no such posting". */
export async function listApplicants(db: Db, employerId: number, jobId: number) {
  const rows = await applicationQuery(db)
    .where('a.job_id', '=', jobId)
    .where('j.employer_id', '=', employerId)
    .orderBy('a.created_at', 'asc')
    .orderBy('a.id', 'asc')
    .execute();
  return rows.map(toApplicantView);
}

/**
 * One application, for the two people who may see it: the posting's employer and the applicant.
 * Everyone else (staff pages have their own doors) is told it does not exist.
 */
export async function applicationFor(db: Db, userId: number, applicationId: number) {
  const row = await applicationQuery(db).where('a.id', '=', applicationId).executeTakeFirst();
  if (!row || (row.employer_id !== userId && row.applicant_id !== userId)) {
    throw new NotFoundError('This application does not exist.');
  }
  return {
    application: toApplicantView(row),
    role: row.employer_id === userId ? 'employer' : 'applicant',
  } as const;
}

/**
 * Moves an application when the table of api/contract/job-board.ts allows it, in one conditional
 * UPDATE (two employers' tabs cannot both move it from the same status), and tells the applicant
 * (type 4) in the same transaction; their open "My applications" page refetches on the event.
 */
async function moveTo(
  db: Db,
  realtime: RealtimePort,
  employerId: number,
  applicationId: number,
  to: ApplicationStatus,
  now: Date,
) {
  const from = (Object.keys(APPLICATION_MOVES) as ApplicationStatus[]).filter((s) =>
    APPLICATION_MOVES[s].includes(to),
  );
  const result = await db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('job_applications as a')
      .set({ status: to, updated_at: now })
      .from('job_postings as j')
      .whereRef('j.id', '=', 'a.job_id')
      .where('a.id', '=', applicationId)
      .where('j.employer_id', '=', employerId)
      .where('a.status', 'in', from)
      .returning(['a.applicant_id', 'j.title', 'j.id as job_id'])
      .executeTakeFirst();
    if (!moved) return null;
    const notification = await createNotification(trx, {
      userId: moved.applicant_id,
      type: NOTIFICATION_TYPE.jobApplicationStatusChanged,
      message: `Your application to ${moved.title}: ${APPLICATION_STATUS_LABELS[to]}.`,
      route: '/jobs/applications',
      relatedUserId: employerId,
    });
    return { applicantId: moved.applicant_id, notification };
  });
  if (result) {
    // With type 4 switched off there is no notification, yet the open page should still show the truth.
    if (result.notification) announceNotification(realtime, result.notification);
    else emit(realtime, result.applicantId, 'notification', { id: null });
  }
  return result !== null;
}

/** The employer opened the application: a submitted one becomes viewed (once). */
export async function markViewed(
  db: Db,
  realtime: RealtimePort,
  employerId: number,
  applicationId: number,
  now = new Date(),
) {
  const current = await applicationFor(db, employerId, applicationId);
  if (current.role !== 'employer') return current;
  if (current.application.status === 'submitted') {
    await moveTo(db, realtime, employerId, applicationId, 'viewed', now);
    return applicationFor(db, employerId, applicationId);
  }
  return current;
}

/** The employer's shortlist / reject / hire; a move the table forbids is refused and changes nothing. */
export async function moveApplication(
  db: Db,
  realtime: RealtimePort,
  employerId: number,
  applicationId: number,
  to: EmployerMove,
  now = new Date(),
) {
  const current = await applicationFor(db, employerId, applicationId);
  if (current.role !== 'employer') throw new NotFoundError('This application does not exist.');
  const moved = await moveTo(db, realtime, employerId, applicationId, to, now);
  if (!moved) {
    const status = (await applicationFor(db, employerId, applicationId)).application.status;
    throw new ConflictError(
      `An application that is ${APPLICATION_STATUS_LABELS[status].toLowerCase()} cannot be moved to ${APPLICATION_STATUS_LABELS[to].toLowerCase()}.`,
    );
  }
  return { status: to };
}
