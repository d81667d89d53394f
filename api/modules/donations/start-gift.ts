import { z } from 'zod';
import type { Db } from '../../../db/client';
import type { StartedGift } from '../../contract/donations';
import { needsEmployerAndOccupation } from '../../contract/fec-limits';
import { dollars } from '../../contract/money';
import type { PaymentsPort } from '../../ports/payments';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { hitRateLimit, type RateLimitRule } from '../rate-limits/service';
import { assertUsState } from '../us-address';
import { resolveDonor } from './donors';
import { electionFor } from './elections';
import { cycleCommittedCents, releaseHeadroom, reserveHeadroom } from './ledger';
import { donationsEnabled, findGiftCampaign, findRecipient, notAcceptingMessage } from './recipients';
import { donationReference, recurringReference } from './references';
import { EMPLOYER_MISSING, type Gift, type GiftInput, giftInput, OCCUPATION_MISSING } from './schema';

/** A pending gift's headroom is held this long for its payment (then expire-gifts.ts releases it). */
export const GIFT_RESERVATION_MINUTES = 30;
export const GIFTS_PER_ADDRESS: RateLimitRule = { name: 'donation-ip', limit: 30, windowSeconds: 600 };

export interface GiftDeps {
  db: Db;
  payments: PaymentsPort;
}

/** Who is giving, as the door knows them. */
export interface GiftSession {
  userId: number | null;
  /** The caller's address, for the per-address rate limit. */
  ip?: string;
}

export function limitMessage(election: string, remainingCents: number): string {
  return `This gift would pass the $3,500 limit for the ${election} election. You can give up to ${dollars(remainingCents)} more.`;
}

function parseGift(raw: GiftInput): Gift {
  const parsed = giftInput.safeParse(raw);
  if (!parsed.success) {
    const { fieldErrors } = z.flattenError(parsed.error);
    throw new ValidationError(fieldErrors as Record<string, string[]>);
  }
  return parsed.data;
}

/**
 * Starts a gift (docs/decisions/0021-campaign-donations.md): checks the candidate takes gifts and which election it
 * counts toward, finds the donor, reserves the donor's headroom and records the pending gift in
 * one transaction, then asks the payments port where to pay. A refused gift (over the limit,
 * missing employer or occupation, an organization) stores and charges nothing.
 */
export async function startGift(
  deps: GiftDeps,
  raw: GiftInput,
  session: GiftSession = { userId: null },
  now = new Date(),
  /** A monthly gift accepted from the thank-you page's ask names the paid gift it followed (monthly-ask.ts). */
  options: { askedFrom?: string } = {},
): Promise<StartedGift> {
  const gift = parseGift(raw);
  if (session.ip) await hitRateLimit(deps.db, GIFTS_PER_ADDRESS, session.ip);
  const recipient = await findRecipient(deps.db, gift.candidate);
  if (!recipient) throw new NotFoundError('This candidate does not exist.');
  if (!(await donationsEnabled(deps.db))) throw new ConflictError(notAcceptingMessage(recipient.name));
  const dates = recipient.elections;
  if (!dates) throw new ConflictError(`${recipient.name} isn't accepting donations yet.`);
  const choice = electionFor(dates, now, gift.designateGeneral);
  if (!choice.ok) throw new ConflictError(choice.message);
  const election = choice.election;
  if (gift.campaignId !== undefined && !(await findGiftCampaign(deps.db, recipient.id, gift.campaignId))) {
    throw new ValidationError({ campaignId: ['This campaign is not taking gifts.'] });
  }
  await assertUsState(deps.db, gift.state);

  const monthly = gift.frequency === 'monthly';
  const placed = await deps.db.transaction().execute(async (trx) => {
    const donorId = await resolveDonor(trx, {
      userId: session.userId,
      email: gift.email,
      firstName: gift.firstName,
      lastName: gift.lastName,
      zip: gift.zip,
    });
    const key = { candidateId: recipient.id, donorId, election };
    const reservation = await reserveHeadroom(trx, key, gift.amountCents);
    if (!reservation.ok) {
      const message = limitMessage(election, reservation.remainingCents);
      throw new ValidationError({ amountCents: [message] }, message);
    }
    // The limit first (a gift that cannot be made needs no employer); this gift is now in the total.
    if (needsEmployerAndOccupation(await cycleCommittedCents(trx, key))) {
      const missing: Record<string, string[]> = {};
      if (!gift.employer) missing.employer = [EMPLOYER_MISSING];
      if (!gift.occupation) missing.occupation = [OCCUPATION_MISSING];
      if (Object.keys(missing).length > 0) {
        throw new ValidationError(
          missing,
          'Federal law asks for your employer and occupation once your gifts pass $200.',
        );
      }
    }
    const recurring = monthly
      ? await trx
          .insertInto('recurring_donations')
          .values({
            reference: recurringReference(),
            candidate_id: recipient.id,
            donor_id: donorId,
            campaign_id: gift.campaignId ?? null,
            amount_cents: gift.amountCents,
            designated_general: gift.designateGeneral,
            email: gift.email.toLowerCase(),
            refcode: gift.refcode ?? null,
            refcode2: gift.refcode2 ?? null,
            asked_from_donation_id: options.askedFrom ?? null,
          })
          .returning(['id', 'reference'])
          .executeTakeFirstOrThrow()
      : null;
    const donation = await trx
      .insertInto('donations')
      .values({
        reference: donationReference(),
        candidate_id: recipient.id,
        donor_id: donorId,
        user_id: session.userId,
        campaign_id: gift.campaignId ?? null,
        recurring_id: recurring?.id ?? null,
        amount_cents: gift.amountCents,
        election,
        designated_general: gift.designateGeneral,
        first_name: gift.firstName,
        last_name: gift.lastName,
        email: gift.email.toLowerCase(),
        street: gift.street,
        city: gift.city,
        state: gift.state,
        zip: gift.zip,
        employer: gift.employer ?? null,
        occupation: gift.occupation ?? null,
        attested_at: now,
        refcode: gift.refcode ?? null,
        refcode2: gift.refcode2 ?? null,
        reservation_expires_at: new Date(now.getTime() + GIFT_RESERVATION_MINUTES * 60_000),
      })
      .returning(['id', 'reference', 'email'])
      .executeTakeFirstOrThrow();
    return { donation, recurring, key };
  });

  const { donation, recurring, key } = placed;
  const charge = {
    payable: { kind: 'donation', reference: recurring?.reference ?? donation.reference },
    amountCents: gift.amountCents,
    email: donation.email,
    description: `${monthly ? 'Monthly donation' : 'Donation'} to ${recipient.name}`,
    successPath: `/donate/${encodeURIComponent(recipient.handle)}/thank-you?ref=${donation.reference}`,
    cancelPath: `/donate/${encodeURIComponent(recipient.handle)}/thank-you?ref=${donation.reference}`,
  };
  try {
    const { url } = monthly
      ? await deps.payments.startRecurring({ ...charge, interval: 'month' })
      : await deps.payments.startPayment(charge);
    return { reference: donation.reference, payUrl: url };
  } catch (error) {
    // The provider never took the payment: give the headroom back now rather than in 30 minutes.
    await deps.db.transaction().execute(async (trx) => {
      const failed = await trx
        .updateTable('donations')
        .set({ status: 'failed', reservation_expires_at: null })
        .where('id', '=', donation.id)
        .where('status', '=', 'pending')
        .returning('amount_cents')
        .executeTakeFirst();
      if (failed) await releaseHeadroom(trx, key, failed.amount_cents);
      if (recurring) {
        await trx
          .updateTable('recurring_donations')
          .set({ status: 'failed', ended_at: now })
          .where('id', '=', recurring.id)
          .execute();
      }
    });
    throw error;
  }
}
