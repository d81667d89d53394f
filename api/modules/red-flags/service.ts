import { z } from 'zod';
import type { Db } from '../../../db/client';
import { recordAudit } from '../audit/service';
import { NotFoundError, ValidationError } from '../errors';
import type { StaffActor } from '../staff/employees';

export const RED_FLAG_TARGETS = ['profile', 'message', 'job', 'post'] as const;
export const RED_FLAG_STATUSES = ['open', 'resolved', 'dismissed'] as const;

/** A review: resolve (with the action taken), dismiss, or reopen. */
export const reviewRedFlagInput = z.object({
  status: z.enum(RED_FLAG_STATUSES, 'Please choose resolved, dismissed or open.'),
  action_taken: z
    .string()
    .trim()
    .max(500, 'At most 500 characters.')
    .nullish()
    .transform((v) => v || null),
});
export type ReviewRedFlagInput = z.infer<typeof reviewRedFlagInput>;

export async function reviewRedFlag(
  db: Db,
  id: number,
  input: ReviewRedFlagInput,
  actor: StaffActor,
): Promise<void> {
  if (input.status === 'resolved' && !input.action_taken) {
    throw new ValidationError({ action_taken: ['Please say what action was taken.'] });
  }
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('red_flags')
      .select(['status', 'action_taken', 'reviewer_id'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw new NotFoundError(`No red flag ${id}.`);
    const open = input.status === 'open';
    await trx
      .updateTable('red_flags')
      .set({
        status: input.status,
        action_taken: input.action_taken,
        reviewer_id: open ? null : actor.id,
        reviewed_at: open ? null : new Date(),
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .execute();
    await recordAudit(trx, {
      actorId: actor.id,
      action: `red_flag.${open ? 'reopen' : input.status === 'resolved' ? 'resolve' : 'dismiss'}`,
      targetType: 'red_flag',
      targetId: id,
      before: { status: before.status, action_taken: before.action_taken },
      after: { status: input.status, action_taken: input.action_taken },
      ip: actor.ip,
    });
  });
}
