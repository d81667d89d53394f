import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { REFUND_REASON_MAX } from '../../contract/donation-reports';
import { dollars } from '../../contract/money';
import { deliverAfterCommit, type EmailPort } from '../../ports/email';
import type { JobsPort } from '../../ports/queue';
import type { RealtimePort } from '../../ports/realtime';
import { recordAudit } from '../audit/service';
import { ConflictError, NotFoundError } from '../errors';
import { announceNotification } from '../notifications/service';
import { recordProviderRefund, requestProviderRefunds } from '../payments/provider-refunds';
import { releaseHeadroom } from './ledger';
import { notifyDonationRefunded } from './notify-candidate';

/**
 * Staff refund a paid gift (docs/decisions/0023-campaign-dashboard-and-refunds.md, REFUND_DONATIONS). The status, the refund's
 * who/when/why, the donor's headroom given back to the ledger, the audit row, the donor's email and
 * the provider refund to send and the candidate's notification commit together or not at all; the
 * payment-refunds job then gives the money back through the provider (docs/decisions/0030-provider-refunds.md).
 * The candidate sees the refund on the dashboard and in the notification (docs/decisions/0077-refunds-the-candidate-sees.md).
 */
export const refundInput = z.object({
  donationId: z.coerce
    .number({ error: 'Choose the gift to refund.' })
    .int('Choose the gift to refund.')
    .positive('Choose the gift to refund.')
    .max(Number.MAX_SAFE_INTEGER, 'Choose the gift to refund.'),
  reason: z
    .string({ error: 'Give the reason for the refund.' })
    .trim()
    .min(3, 'Give the reason for the refund.')
    .max(REFUND_REASON_MAX, `A reason can be at most ${REFUND_REASON_MAX} characters.`),
});
export type RefundInput = z.infer<typeof refundInput>;

export interface RefundRequest {
  donationId: number;
  reason: string;
  staffUserId: number;
  ip?: string | null;
}

export async function refundDonation(
  deps: { db: Db; email: EmailPort; jobs?: JobsPort; realtime?: RealtimePort },
  request: RefundRequest,
): Promise<void> {
  const { db, email } = deps;
  const notice = await db.transaction().execute(async (trx) => {
    const gift = await trx
      .selectFrom('donations')
      .select([
        'id',
        'reference',
        'candidate_id',
        'donor_id',
        'election',
        'amount_cents',
        'status',
        'email',
        'first_name',
        'last_name',
        'provider_payment_id',
      ])
      .where('id', '=', String(request.donationId))
      .forUpdate()
      .executeTakeFirst();
    if (!gift) throw new NotFoundError(`No gift ${request.donationId}.`);
    if (gift.status === 'refunded') throw new ConflictError(`Gift ${gift.reference} is already refunded.`);
    if (gift.status !== 'paid') {
      throw new ConflictError(`Only a paid gift can be refunded; gift ${gift.reference} is ${gift.status}.`);
    }
    await trx
      .updateTable('donations')
      .set({
        status: 'refunded',
        refunded_at: sql`now()`,
        refunded_by: request.staffUserId,
        refund_reason: request.reason,
      })
      .where('id', '=', gift.id)
      .execute();
    await recordProviderRefund(trx, {
      payable: { kind: 'donation', reference: gift.reference },
      providerPaymentId: gift.provider_payment_id,
      amountCents: gift.amount_cents,
    });
    await releaseHeadroom(
      trx,
      { candidateId: gift.candidate_id, donorId: gift.donor_id, election: gift.election },
      gift.amount_cents,
    );
    const candidate = await trx
      .selectFrom('users')
      .select(sql<string>`coalesce(org_name, first_name || ' ' || last_name)`.as('name'))
      .where('id', '=', gift.candidate_id)
      .executeTakeFirst();
    await recordAudit(trx, {
      actorId: request.staffUserId,
      action: 'donation.refund',
      targetType: 'donation',
      targetId: gift.id,
      before: { status: gift.status },
      after: { status: 'refunded', reason: request.reason, amount_cents: gift.amount_cents },
      ip: request.ip ?? null,
    });
    await email.send(trx, {
      to: gift.email,
      subject: `Your gift ${gift.reference} was refunded`,
      text: [
        `Your gift of ${dollars(gift.amount_cents)} to ${candidate?.name ?? 'the campaign'} (reference ${gift.reference}) was refunded.`,
        `Reason: ${request.reason}`,
        '',
        'The money goes back to the card you gave with; it can take 5 to 10 business days to appear.',
      ].join('\n'),
    });
    return notifyDonationRefunded(trx, {
      candidateId: gift.candidate_id,
      amountCents: gift.amount_cents,
      donorName: `${gift.first_name} ${gift.last_name}`,
    });
  });
  if (deps.realtime) announceNotification(deps.realtime, notice);
  await deliverAfterCommit(db, email);
  requestProviderRefunds(deps.jobs);
}
