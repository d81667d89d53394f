import { z } from 'zod';
import type { Db } from '../../../db/client';
import { dollars } from '../../contract/money';
import { recordAudit } from '../audit/service';
import { ConflictError, NotFoundError } from '../errors';
import type { StaffActor } from '../staff/employees';
import { balanceOf } from './commissions';

export const payoutInput = z.object({
  affiliateId: z.number({ error: 'Choose an affiliate.' }).int().positive().max(2_147_483_647),
  note: z
    .string()
    .trim()
    .max(200, 'Notes can be at most 200 characters.')
    .nullish()
    .transform((v) => v || null),
});
export type PayoutInput = z.input<typeof payoutInput> | z.output<typeof payoutInput>;

/**
 * Staff with SETTLE_PAYOUTS record that the affiliate's balance was paid: one ledger row for the
 * whole amount owed, and its audit row, in one transaction. The affiliate's row lock makes two
 * settlements at once pay once; nothing owed is refused.
 */
export async function settlePayout(
  db: Db,
  raw: PayoutInput,
  actor: StaffActor,
): Promise<{ id: number; affiliateId: number; amountCents: number }> {
  const input = payoutInput.parse(raw);
  return db.transaction().execute(async (trx) => {
    const affiliate = await trx
      .selectFrom('affiliates')
      .select(['id', 'code'])
      .where('id', '=', input.affiliateId)
      .forUpdate()
      .executeTakeFirst();
    if (!affiliate) throw new NotFoundError(`No affiliate ${input.affiliateId}.`);
    const { balance } = await trx
      .selectNoFrom(balanceOf(affiliate.id).as('balance'))
      .executeTakeFirstOrThrow();
    const amountCents = Number(balance);
    if (amountCents <= 0) {
      throw new ConflictError(`Affiliate ${affiliate.code} is owed nothing (${dollars(amountCents)}).`);
    }
    const payout = await trx
      .insertInto('affiliate_payouts')
      .values({
        affiliate_id: affiliate.id,
        amount_cents: amountCents,
        note: input.note,
        settled_by: actor.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'affiliate.payout',
      targetType: 'affiliate',
      targetId: affiliate.id,
      after: { payoutId: payout.id, amountCents, note: input.note },
      ip: actor.ip,
    });
    return { id: payout.id, affiliateId: affiliate.id, amountCents };
  });
}
