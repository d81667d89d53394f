import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import type { PayUnit } from '../../contract/job-board';

/** A posting as its page, the cards and the JSON-LD show it. Dates as ISO strings. */
export interface JobView {
  id: number;
  employerId: number;
  title: string;
  organization: string;
  state: string;
  remote: boolean;
  jobtype: string;
  employment: string;
  position: string | null;
  skills: string[];
  payMinCents: number | null;
  payMaxCents: number | null;
  payUnit: PayUnit;
  description: string;
  closesOn: string;
  open: boolean;
  postedAt: string;
  updatedAt: string;
}

/**
 * A deleted account's postings are gone with it (the account row stays as a tombstone). A hashed
 * NOT IN over the few deleted ids, not a join with users: a join let the planner loop the
 * keyword index once per user (seconds at 100k postings, tests/bench/job-search.bench.ts).
 */
export function employerNotDeleted() {
  return sql<boolean>`j.employer_id NOT IN (SELECT id FROM users WHERE deleted_at IS NOT NULL)`;
}

/** The columns every view selects, on job_postings aliased `j`. */
export function jobViewQuery(db: Db) {
  return db
    .selectFrom('job_postings as j')
    .select([
      'j.id',
      'j.employer_id',
      'j.title',
      'j.organization',
      'j.state',
      'j.remote',
      'j.jobtype',
      'j.employment',
      'j.position',
      'j.skills',
      'j.pay_min_cents',
      'j.pay_max_cents',
      'j.pay_unit',
      'j.description',
      sql<string>`j.closes_on::text`.as('closes_on'),
      'j.status',
      'j.created_at',
      'j.updated_at',
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof jobViewQuery>['executeTakeFirstOrThrow']>>;

export function toJobView(r: Row): JobView {
  return {
    id: r.id,
    employerId: r.employer_id,
    title: r.title,
    organization: r.organization,
    state: r.state,
    remote: r.remote,
    jobtype: r.jobtype,
    employment: r.employment,
    position: r.position,
    skills: r.skills,
    payMinCents: r.pay_min_cents,
    payMaxCents: r.pay_max_cents,
    payUnit: r.pay_unit,
    description: r.description,
    closesOn: r.closes_on,
    open: r.status === 'open',
    postedAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

/** A posting anyone may read (open or closed); a deleted employer's postings are gone with them. */
export async function loadJob(db: Db, jobId: number): Promise<JobView | null> {
  const row = await jobViewQuery(db).where('j.id', '=', jobId).where(employerNotDeleted()).executeTakeFirst();
  return row ? toJobView(row) : null;
}

/** The employer's own postings, newest first, with how many applied and how many wait unread. */
export async function employerPostings(db: Db, employerId: number) {
  const rows = await jobViewQuery(db)
    .select([
      sql<number>`(SELECT count(*)::int FROM job_applications a WHERE a.job_id = j.id)`.as('applicants'),
      sql<number>`(SELECT count(*)::int FROM job_applications a WHERE a.job_id = j.id
        AND a.status = 'submitted')`.as('unread'),
    ])
    .where('j.employer_id', '=', employerId)
    .orderBy('j.created_at', 'desc')
    .orderBy('j.id', 'desc')
    .limit(200)
    .execute();
  return rows.map((r) => ({ ...toJobView(r), applicants: Number(r.applicants), unread: Number(r.unread) }));
}
