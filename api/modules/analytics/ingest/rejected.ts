import type { Db } from '../../../../db/client';
import type { Batch } from './events';
import { escapeUnstorable } from './storable-text';
import { describeError } from './store-errors';

/**
 * Keeps one refused event in analytics_rejected_events (migrations/0010), so it can be looked at
 * and is never retried. JSON.stringify escapes NUL and lone surrogates, the usual reasons for the
 * refusal, so the payload itself is always storable; the error message
 * may quote the refused value, so it is escaped the same way.
 */
export async function setAsideRejected(db: Db, rows: Batch, error: unknown): Promise<void> {
  const { code, message } = describeError(error);
  await db
    .insertInto('analytics_rejected_events')
    .values({ error_code: code, error_message: escapeUnstorable(message), payload: JSON.stringify(rows) })
    .execute();
}
