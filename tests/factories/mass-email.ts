import type { JobsPort } from '../../api/ports/queue';
import type { Db } from '../../db/client';

/**
 * Campaigns and paid gifts for mass email tests, inserted directly (the donation flow is not what
 * these tests are about). Each call makes its own candidate, so tests never share a campaign.
 */
let counter = 0;

export async function createCampaign(db: Db, name = `Campaign ${++counter}`) {
  const tag = `${Date.now().toString(36)}-${++counter}`;
  const candidate = await db
    .insertInto('users')
    .values({
      email: `candidate-${tag}@example.test`,
      kind: 'individual',
      first_name: 'Casey',
      last_name: `Candidate${counter}`,
      is_candidate: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const campaign = await db
    .insertInto('campaigns')
    .values({ candidate_id: candidate.id, type: 'CampaignDonation', name })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: campaign.id, candidateId: candidate.id, name };
}

/** One gift to the campaign from `email` (paid unless told otherwise). */
export async function addGift(
  db: Db,
  campaign: { id: number; candidateId: number },
  email: string,
  firstName: string,
  status: 'paid' | 'pending' | 'refunded' = 'paid',
) {
  const tag = `${Date.now().toString(36)}-${++counter}`;
  const donor = await db
    .insertInto('donors')
    .values({
      email_key: email.trim().toLowerCase(),
      name_key: `${firstName} donor`.toLowerCase(),
      zip5: '12345',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('donations')
    .values({
      reference: `gift-${tag}`,
      candidate_id: campaign.candidateId,
      donor_id: donor.id,
      campaign_id: campaign.id,
      amount_cents: 2500,
      election: 'primary',
      status,
      first_name: firstName,
      last_name: 'Donor',
      email,
      street: '1 Main St',
      city: 'Springfield',
      state: 'IL',
      zip: '12345',
      attested_at: new Date(),
      paid_at: status === 'paid' ? new Date() : null,
      refunded_at: status === 'refunded' ? new Date() : null,
      refund_reason: status === 'refunded' ? 'test' : null,
    })
    .execute();
}

/** A campaign with a paid gift from each address (first names from the local part). */
export async function campaignWithDonors(db: Db, emails: readonly string[]) {
  const campaign = await createCampaign(db);
  for (const email of emails) {
    const local = email.split('@')[0] ?? 'friend';
    await addGift(db, campaign, email, local.charAt(0).toUpperCase() + local.slice(1));
  }
  return campaign;
}

/** A queue that takes nothing: for tests that drive delivery themselves. */
export const noQueue = {
  send: async () => null,
} as unknown as JobsPort;
