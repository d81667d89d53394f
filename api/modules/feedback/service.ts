import type { Db } from '../../../db/client';
import { ValidationError } from '../errors';
import { hitRateLimit } from '../rate-limits/service';
import { isReferenceValue } from '../reference-options/service';
import type { FeedbackInput } from './schema';

/** Stores feedback for staff. Five per address per 10 minutes keeps the table free of floods. */
export async function submitFeedback(
  db: Db,
  input: FeedbackInput,
  meta: { ip: string; userId: number | null },
): Promise<{ id: number }> {
  if (input.state && !(await isReferenceValue(db, 'states', input.state))) {
    throw new ValidationError({ state: ['Please choose a state from the list.'] });
  }
  await hitRateLimit(db, { name: 'feedback', limit: 5, windowSeconds: 600 }, meta.ip);
  const row = await db
    .insertInto('feedback')
    .values({
      user_id: meta.userId,
      name: input.name,
      email: input.email,
      topic: input.topic,
      state: input.state ?? null,
      message: input.message,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row;
}
