import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import { SAVED_SEARCHES_MAX } from '../../contract/job-board';
import { log } from '../../platform/logger';
import type { EmailPort } from '../../ports/email';
import { ConflictError, NotFoundError } from '../errors';
import { hitRateLimit } from '../rate-limits/service';
import { type JobSearchParams, jobSearchParams } from './schema';
import { matchingJobs, searchQueryString } from './search';
import { todayUtc } from './taking-applications';

const DAY_MS = 86_400_000;
/** At most this many postings in one digest; the email links to the full search. */
const DIGEST_JOBS = 10;

/** The search's filters as a stable query string (no page, no order): what is stored and compared. */
export function savedQueryOf(params: JobSearchParams): string {
  return searchQueryString({ ...params, page: 1, sort: 'newest' });
}

export function parseSavedQuery(query: string): JobSearchParams {
  const search = new URLSearchParams(query);
  return jobSearchParams.parse({ ...Object.fromEntries(search), skill: search.getAll('skill') });
}

/** Saves the member's search for the daily digest; the same search twice is one saved search. */
export async function saveSearch(db: Db, userId: number, params: JobSearchParams) {
  await hitRateLimit(db, { name: 'job-saved-search', limit: 30, windowSeconds: 3600 }, String(userId));
  const query = savedQueryOf(params);
  const count = await db
    .selectFrom('job_saved_searches')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= SAVED_SEARCHES_MAX) {
    throw new ConflictError(`You can save up to ${SAVED_SEARCHES_MAX} searches. Delete one to save another.`);
  }
  await db
    .insertInto('job_saved_searches')
    .values({ user_id: userId, query })
    .onConflict((oc) => oc.columns(['user_id', 'query']).doNothing())
    .execute();
  return { query };
}

export async function listSavedSearches(db: Db, userId: number) {
  const rows = await db
    .selectFrom('job_saved_searches')
    .select(['id', 'query', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => ({ id: r.id, query: r.query, savedAt: new Date(r.created_at).toISOString() }));
}

export async function deleteSavedSearch(db: Db, userId: number, id: number) {
  const deleted = await db
    .deleteFrom('job_saved_searches')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw new NotFoundError('This saved search does not exist.');
}

/**
 * The daily digest (api/doors/queue-handlers/job-board-upkeep.ts): each saved search not yet handled today gets
 * one email listing the postings of the last day that match it, sent through `sendOnce` keyed by
 * (saved search, day), so a rerun, a retry or a second instance never sends a second copy.
 * A search with no new postings sends nothing. Returns how many emails left.
 */
export async function sendSavedSearchDigests(
  deps: { db: Db; email: EmailPort; appUrl: string },
  now = new Date(),
): Promise<number> {
  const today = todayUtc(now);
  const due = await deps.db
    .selectFrom('job_saved_searches as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.id', 's.query', 's.created_at', 'u.email'])
    .where('u.deleted_at', 'is', null)
    .where('u.blocked_at', 'is', null)
    .where((eb) => eb.or([eb('s.last_digest_on', 'is', null), eb('s.last_digest_on', '<', today)]))
    .orderBy('s.id')
    .limit(5000)
    .execute();
  let sent = 0;
  for (const search of due) {
    const since = new Date(Math.max(now.getTime() - DAY_MS, new Date(search.created_at).getTime()));
    const jobs = await matchingJobs(deps.db, parseSavedQuery(search.query), now)
      .where('j.created_at', '>', since)
      .orderBy('j.created_at', 'desc')
      .limit(DIGEST_JOBS)
      .execute();
    if (jobs.length > 0) {
      const link = `${deps.appUrl}/jobs${search.query ? `?${search.query}` : ''}`;
      const lines = jobs.map(
        (j) => `- ${j.title}, ${j.organization} (${j.state}): ${deps.appUrl}/jobs/${j.id}`,
      );
      const outcome = await deps.email.sendOnce(
        deps.db,
        {
          to: search.email,
          subject: `New jobs for your saved search (${jobs.length})`,
          text: [
            'New postings on Campaign HQ match a search you saved:',
            '',
            ...lines,
            '',
            `See every match: ${link}`,
            `Stop these emails: delete the search at ${deps.appUrl}/jobs/saved`,
          ].join('\n'),
        },
        `job-board-digest:${search.id}:${today}`,
      );
      if (outcome.outcome === 'sent') sent += 1;
      if (outcome.outcome === 'failed' && !outcome.permanent) {
        // Left unmarked: the next run tries again today; the key keeps it to one copy.
        log.warn(`job digest ${search.id} not sent: ${outcome.error}`);
        continue;
      }
    }
    await deps.db
      .updateTable('job_saved_searches')
      .set({ last_digest_on: today })
      .where('id', '=', search.id)
      .execute();
  }
  return sent;
}
