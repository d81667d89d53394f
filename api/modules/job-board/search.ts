import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import { JOBS_PAGE_SIZE } from '../../contract/job-board';
import type { JobSearchParams } from './schema';
import { takingApplications } from './taking-applications';
import { employerNotDeleted, type JobView, jobViewQuery, toJobView } from './views';

/** The filters of a search, without its page and order (what a saved search's digest reuses). */
export type JobFilters = Omit<JobSearchParams, 'page' | 'sort'>;

/** The postings taking applications that match every filter, as a query the callers order and page. */
export function matchingJobs(db: Db, filters: JobFilters, now: Date) {
  let query = jobViewQuery(db).where(takingApplications(now, 'j')).where(employerNotDeleted());
  if (filters.q) {
    // The tsquery is parsed once, in a one-row join, not once per candidate row in a filter or
    // the ranking (docs/decisions/0028-job-board.md; tests/bench/job-search.bench.ts).
    query = query
      .innerJoin(
        sql<{ tsq: string }>`(SELECT websearch_to_tsquery('english', ${filters.q}) AS tsq)`.as('k'),
        (join) => join.onTrue(),
      )
      .where(sql<boolean>`j.search @@ k.tsq`);
  }
  if (filters.state) query = query.where('j.state', '=', filters.state);
  if (filters.remote) query = query.where('j.remote', '=', true);
  if (filters.jobtype) query = query.where('j.jobtype', '=', filters.jobtype);
  if (filters.employment) query = query.where('j.employment', '=', filters.employment);
  if (filters.position) query = query.where('j.position', '=', filters.position);
  if (filters.skill.length > 0) {
    query = query.where(sql<boolean>`j.skills @> ${sql.val(filters.skill)}::text[]`);
  }
  if (filters.payMin) query = query.where('j.pay_max_annual_cents', '>=', filters.payMin * 100);
  if (filters.pay === 'paid') query = query.where('j.pay_min_cents', 'is not', null);
  if (filters.pay === 'volunteer') query = query.where('j.pay_min_cents', 'is', null);
  return query;
}

/**
 * One page of /jobs: newest first, or (with keywords) most relevant first by ts_rank over the
 * weighted search vector (title above organization above description). Pages are fetched one
 * row long to know whether there is a next page without counting every match.
 */
export async function searchJobs(
  db: Db,
  params: JobSearchParams,
  now = new Date(),
): Promise<{ jobs: JobView[]; hasMore: boolean }> {
  let query = matchingJobs(db, params, now);
  if (params.sort === 'relevant' && params.q) {
    query = query.orderBy(sql`ts_rank(j.search, k.tsq)`, 'desc');
  }
  const rows = await query
    .orderBy('j.created_at', 'desc')
    .orderBy('j.id', 'desc')
    .limit(JOBS_PAGE_SIZE + 1)
    .offset((params.page - 1) * JOBS_PAGE_SIZE)
    .execute();
  return { jobs: rows.slice(0, JOBS_PAGE_SIZE).map(toJobView), hasMore: rows.length > JOBS_PAGE_SIZE };
}

/** The query string of a search: keys in a fixed order, defaults and empties dropped. */
export function searchQueryString(params: Partial<JobSearchParams>): string {
  const query = new URLSearchParams();
  const keys = ['q', 'state', 'remote', 'jobtype', 'employment', 'position', 'payMin', 'pay'] as const;
  for (const key of keys) {
    const value = params[key];
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  for (const skill of params.skill ?? []) query.append('skill', skill);
  if (params.sort && params.sort !== 'newest') query.set('sort', params.sort);
  if (params.page && params.page > 1) query.set('page', String(params.page));
  return query.toString();
}
