import { sql } from 'kysely';
import type { Db } from '../../../db/client';

/**
 * Records how far a job got (job_progress, migration 0013). pg-boss has no progress of its own, and
 * this write commits on its own, so the console sees it while the job is still running.
 */
export async function writeProgress(
  db: Db,
  job: { id: string; queue: string },
  progress: { done?: number; total?: number; message?: string },
): Promise<void> {
  const values = {
    done: progress.done ?? null,
    total: progress.total ?? null,
    message: progress.message ?? null,
  };
  await db
    .insertInto('job_progress')
    .values({ job_id: job.id, queue: job.queue, ...values })
    .onConflict((oc) => oc.column('job_id').doUpdateSet({ ...values, updated_at: sql`now()` }))
    .execute();
}

/** Progress rows of jobs finished before `before` (pg-boss deletes its own rows on a schedule too). */
export async function pruneProgress(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('job_progress').where('updated_at', '<', before).execute();
}
