import { z } from 'zod';
import type { Db } from '../../../db/client';
import { recordAudit } from '../audit/service';
import { ConflictError, NotFoundError } from '../errors';
import type { StaffActor } from '../staff/employees';

/**
 * Staff unpublish an event (issue 51, decision 0101): a published event leaves /events, the host's
 * profile and search engines at once; the host still sees it with the reason. Audited with the
 * status before and after and the reason.
 */
export const unpublishEventInput = z.object({
  status: z.literal('unpublished', 'Only unpublishing is done here.'),
  unpublished_reason: z
    .string('Say why the event is unpublished.')
    .trim()
    .min(5, 'Say why the event is unpublished (at least 5 characters).')
    .max(500, 'At most 500 characters.'),
});
export type UnpublishEventInput = z.infer<typeof unpublishEventInput>;

export async function unpublishEvent(
  db: Db,
  eventId: number,
  input: UnpublishEventInput,
  actor: StaffActor,
  now = new Date(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('events')
      .select(['status'])
      .where('id', '=', eventId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw new NotFoundError(`No event ${eventId}.`);
    if (before.status !== 'published') throw new ConflictError('Only a published event can be unpublished.');
    await trx
      .updateTable('events')
      .set({
        status: 'unpublished',
        unpublished_reason: input.unpublished_reason,
        unpublished_at: now,
        unpublished_by: actor.id,
      })
      .where('id', '=', eventId)
      .execute();
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'event.unpublish',
      targetType: 'event',
      targetId: eventId,
      before: { status: before.status },
      after: { status: 'unpublished', reason: input.unpublished_reason },
      ip: actor.ip,
    });
  });
}
