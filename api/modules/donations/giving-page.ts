import type { Db } from '../../../db/client';
import type { GivingMember } from '../../contract/donations';
import { type Election, remainingLimitCents } from '../../contract/fec-limits';
import { donorIdOfMember } from './donors';
import { electionFor, primaryAhead } from './elections';
import { candidatePitch } from './giving-pitch';
import { committedCents, cycleCommittedCents } from './ledger';
import { memberGiftDetails } from './member-details';
import { donationsEnabled, findGiftCampaign, findRecipient, type Recipient } from './recipients';

/** The form's member, and whether the account is an organization's (which cannot give). */
export interface MemberGiving extends GivingMember {
  isOrganization: boolean;
}

export type GivingPage =
  | { kind: 'not-found' }
  | { kind: 'closed'; recipient: Recipient; message: string }
  | {
      kind: 'open';
      recipient: Recipient;
      /** Which election a gift today counts toward without a designation. */
      election: Election;
      /** The primary is still ahead: the form offers "count toward the general election". */
      canDesignateGeneral: boolean;
      campaign: { id: number; name: string; goalCents: number | null; raisedCents: number } | null;
      member: MemberGiving | null;
      /** What the candidate wrote for this page on the dashboard, or null. */
      pitch: string | null;
    };

/**
 * What /donate/{candidateSlug} shows (docs/product/rulings.md "Donations"): the candidate, the
 * campaign named by ?campaign=, whether gifts are taken, and for a signed-in member their details
 * and remaining headroom. The server decides again when the gift is made (start-gift.ts).
 */
export async function loadGivingPage(
  db: Db,
  slug: string,
  options: { campaignId?: number; userId?: number | null; now?: Date } = {},
): Promise<GivingPage> {
  const now = options.now ?? new Date();
  const recipient = await findRecipient(db, slug);
  if (!recipient) return { kind: 'not-found' };
  const closed = (message: string) => ({ kind: 'closed' as const, recipient, message });
  if (!(await donationsEnabled(db))) return closed(`${recipient.name} isn't accepting donations right now.`);
  const dates = recipient.elections;
  if (!dates) return closed(`${recipient.name} isn't accepting donations yet.`);
  const choice = electionFor(dates, now, false);
  if (!choice.ok) return closed(choice.message);
  const campaign = options.campaignId ? await findGiftCampaign(db, recipient.id, options.campaignId) : null;
  let member: MemberGiving | null = null;
  if (options.userId) {
    const user = await db
      .selectFrom('users')
      .select(['first_name', 'last_name', 'email', 'state', 'kind'])
      .where('id', '=', options.userId)
      .executeTakeFirst();
    if (user) {
      const donorId = await donorIdOfMember(db, options.userId);
      const earlier = await memberGiftDetails(db, options.userId);
      const given = async (election: Election) =>
        donorId ? committedCents(db, { candidateId: recipient.id, donorId, election }) : 0;
      member = {
        firstName: user.first_name ?? '',
        lastName: user.last_name ?? '',
        email: user.email,
        // The state of their latest gift is where they give from; the profile's is a fallback.
        state: earlier?.state || user.state || '',
        street: earlier?.street ?? '',
        city: earlier?.city ?? '',
        zip: earlier?.zip ?? '',
        employer: earlier?.employer ?? '',
        occupation: earlier?.occupation ?? '',
        remainingCents: {
          primary: remainingLimitCents(await given('primary')),
          general: remainingLimitCents(await given('general')),
        },
        cycleCents: donorId ? await cycleCommittedCents(db, { candidateId: recipient.id, donorId }) : 0,
        isOrganization: user.kind === 'organization',
      };
    }
  }
  return {
    kind: 'open',
    recipient,
    election: choice.election,
    canDesignateGeneral: primaryAhead(dates, now),
    campaign,
    member,
    pitch: await candidatePitch(db, recipient.id),
  };
}

/** A gift's state for its thank-you page, by its reference. */
export async function giftOutcome(db: Db, reference: string) {
  return db
    .selectFrom('donations as d')
    .leftJoin('recurring_donations as r', 'r.id', 'd.recurring_id')
    .select([
      'd.reference',
      'd.status',
      'd.amount_cents',
      'd.election',
      'd.candidate_id',
      'r.reference as recurring',
    ])
    .where('d.reference', '=', reference)
    .executeTakeFirst();
}
