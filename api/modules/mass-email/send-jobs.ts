import type { Db } from '../../../db/client';

/** A send not finished yet: queued or sending ('sent' and 'cancelled' are final). */
export const UNFINISHED_SEND_STATUSES = ['queued', 'sending'] as const;

/** The queue job that runs a mass email send next (its continuation), stored on the send. */
export async function recordSendJob(db: Db, sendId: number, jobId: string): Promise<void> {
  await db.updateTable('mass_email_sends').set({ job_id: jobId }).where('id', '=', sendId).execute();
}

/** Sends a stopped process may have left queued or sending, with their last job. */
export function openSends(db: Db) {
  return db
    .selectFrom('mass_email_sends')
    .select(['id', 'job_id'])
    .where('status', 'in', UNFINISHED_SEND_STATUSES)
    .execute();
}
