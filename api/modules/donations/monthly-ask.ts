import type { Db } from '../../../db/client';
import type { StartedGift } from '../../contract/donations';
import { remainingLimitCents } from '../../contract/fec-limits';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { askPassValid } from './ask-pass';
import { committedCents } from './ledger';
import { paidGift } from './paid-gifts';
import { type GiftDeps, type GiftSession, startGift } from './start-gift';

/**
 * The honest monthly ask (docs/decisions/0094-refcodes-and-honest-monthly.md): after a PAID
 * one-time gift, and only then, the thank-you page offers a monthly gift of 2–3 amounts smaller
 * than the gift, said as "every month until you cancel". Declining stores nothing. Nothing else
 * (a link, a setting, a saved choice) starts or pre-selects a monthly gift.
 */

/** The ladder the offers are taken from, in cents. */
const LADDER = [300, 500, 1_000, 1_500, 2_500, 5_000, 10_000, 25_000] as const;
/** The ask stands this long after the gift was paid (the thank-you page, not a later visit). */
export const ASK_HOURS = 24;

/** Up to three ladder amounts below the gift and within what the donor may still give; none when fewer than two fit. */
export function monthlyAskAmounts(giftCents: number, headroomCents: number): number[] {
  const fits = LADDER.filter((cents) => cents < giftCents && cents <= headroomCents);
  const offers = fits.slice(-3);
  return offers.length >= 2 ? offers : [];
}

interface AskedGift {
  id: string;
  reference: string;
  candidate_id: number;
  donor_id: number;
  amount_cents: number;
  election: 'primary' | 'general';
}

/** The paid one-time gift the ask follows, while it stands; null otherwise. */
async function askedGift(db: Db, reference: string, now: Date) {
  return db
    .selectFrom('donations as d')
    .selectAll('d')
    .where('d.reference', '=', reference)
    .where(paidGift('d'))
    .where('d.recurring_id', 'is', null)
    .where('d.paid_at', '>', new Date(now.getTime() - ASK_HOURS * 3_600_000))
    .executeTakeFirst();
}

/** Whether a monthly gift this ask started is running or waiting for its payment. */
async function alreadyAccepted(db: Db, gift: Pick<AskedGift, 'id'>) {
  const row = await db
    .selectFrom('recurring_donations')
    .select('id')
    .where('asked_from_donation_id', '=', gift.id)
    .where('status', 'in', ['pending', 'active', 'paused'])
    .executeTakeFirst();
  return row !== undefined;
}

/** The browser asking: its ask cookie (ask-pass.ts) and the secret that signed it. */
export interface AskBrowser {
  secret: string;
  cookie: string | undefined;
}

/** What the thank-you page offers after the gift `reference` to this browser: the amounts, or null for no ask. */
export async function monthlyAskFor(
  db: Db,
  reference: string,
  browser: AskBrowser,
  now = new Date(),
): Promise<number[] | null> {
  if (!askPassValid(browser.secret, reference, browser.cookie)) return null;
  const gift = await askedGift(db, reference, now);
  if (!gift || (await alreadyAccepted(db, gift))) return null;
  const given = await committedCents(db, {
    candidateId: gift.candidate_id,
    donorId: gift.donor_id,
    election: gift.election,
  });
  const amounts = monthlyAskAmounts(gift.amount_cents, remainingLimitCents(given));
  return amounts.length > 0 ? amounts : null;
}

/**
 * Accepts the ask: a monthly gift of one of the offered amounts, from the details of the gift just
 * made (the donor typed them minutes ago), its refcodes kept. The donor accepts the contribution
 * rules again and pays the first month at the provider, as for any gift; refused otherwise.
 */
export async function acceptMonthlyAsk(
  deps: GiftDeps,
  input: { reference: string; amountCents: number; acceptRules: boolean },
  session: GiftSession & { browser: AskBrowser },
  now = new Date(),
): Promise<StartedGift> {
  const gift = askPassValid(session.browser.secret, input.reference, session.browser.cookie)
    ? await askedGift(deps.db, input.reference, now)
    : undefined;
  if (!gift) throw new NotFoundError('This offer is no longer open.');
  if (await alreadyAccepted(deps.db, gift)) throw new ConflictError('Your monthly gift is already started.');
  const offered = (await monthlyAskFor(deps.db, input.reference, session.browser, now)) ?? [];
  if (!offered.includes(input.amountCents)) {
    throw new ValidationError({ amountCents: ['Choose one of the monthly amounts offered.'] });
  }
  const candidate = await deps.db
    .selectFrom('users')
    .select('handle')
    .where('id', '=', gift.candidate_id)
    .executeTakeFirstOrThrow();
  return startGift(
    deps,
    {
      candidate: candidate.handle ?? '',
      campaignId: gift.campaign_id ?? undefined,
      amountCents: input.amountCents,
      frequency: 'monthly',
      designateGeneral: gift.designated_general,
      firstName: gift.first_name,
      lastName: gift.last_name,
      email: gift.email,
      street: gift.street,
      city: gift.city,
      state: gift.state,
      zip: gift.zip,
      employer: gift.employer ?? undefined,
      occupation: gift.occupation ?? undefined,
      refcode: gift.refcode ?? undefined,
      refcode2: gift.refcode2 ?? undefined,
      acceptRules: input.acceptRules as true,
    },
    { userId: session.userId, ...(session.ip ? { ip: session.ip } : {}) },
    now,
    { askedFrom: gift.id },
  );
}
