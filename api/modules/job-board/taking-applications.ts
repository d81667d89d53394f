import { sql } from 'kysely';

/** The UTC day of `now`, written as a posting's closing date is (YYYY-MM-DD). */
export const todayUtc = (now: Date) => now.toISOString().slice(0, 10);

/**
 * A posting takes applications, and search lists it, while it is open and its closing date has not
 * passed: it stays open through its whole closing date. The upkeep job closes it within the hour
 * after (closeExpiredPostings); until then this rule already hides it.
 */
export function takesApplications(job: { status: string; closes_on: string }, now: Date): boolean {
  return job.status === 'open' && job.closes_on >= todayUtc(now);
}

/** takesApplications in SQL, for the job_postings row aliased `alias`. */
export function takingApplications(now: Date, alias = 'j') {
  return sql<boolean>`(${sql.ref(`${alias}.status`)} = 'open' AND ${sql.ref(`${alias}.closes_on`)} >= ${todayUtc(now)})`;
}
