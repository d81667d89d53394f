import type { Election } from './fec-limits';
/**
 * The donation form's vocabulary, shared by the page, its island and the server
 * (docs/product/rulings.md "Donations", docs/decisions/0021-campaign-donations.md). Imports nothing.
 */

/** Preset amounts on /donate/{candidateSlug}, in cents. */
export const PRESET_AMOUNTS_CENTS = [2_500, 5_000, 10_000, 25_000, 50_000, 100_000] as const;

/** The smallest gift the form takes: $1. */
export const MIN_GIFT_CENTS = 100;

export const GIFT_FREQUENCIES = ['once', 'monthly'] as const;
export type GiftFrequency = (typeof GIFT_FREQUENCIES)[number];

/** The committee's best-efforts statement for employer and occupation (FEC 11 CFR 104.7). */
export const BEST_EFFORTS_STATEMENT =
  'Federal law requires us to use our best efforts to collect and report the name, mailing address, occupation and name of employer of individuals whose contributions exceed $200 in an election cycle.';

/** The checkbox that accepts CONTRIBUTION_RULES_STATEMENT (api/contract/fec-limits). */
export const RULES_FIELD = 'acceptRules';

/** Dollars as a donor types them ("50", "$1,000.50") in cents; NaN when it is not an amount. */
export function centsFromDollars(text: string): number {
  const cleaned = text.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return Number.NaN;
  return Math.round(Number(cleaned) * 100);
}

/** "Give $50 once" / "Give $50 monthly": the submit button's words. */
export function giveButtonLabel(amountText: string, frequency: GiftFrequency | null): string {
  if (!frequency) return `Give ${amountText}`;
  return `Give ${amountText} ${frequency === 'once' ? 'once' : 'monthly'}`;
}

/** The donor's part of a gift as the form posts it (the island and the plain POST read it alike). */
export interface GiftFormFields {
  frequency: GiftFrequency;
  designateGeneral: boolean;
  firstName: string;
  lastName: string;
  email: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  employer?: string;
  occupation?: string;
  refcode?: string;
  refcode2?: string;
  acceptRules: boolean;
}

/**
 * The form's fields as the server's gift input wants them: checkboxes are 'on' or absent, empty
 * employer and occupation are not given. Whatever was posted goes on; the server validates it.
 */
export function giftFormFields(form: Record<string, string | undefined>): GiftFormFields {
  return {
    frequency: form.frequency as GiftFrequency,
    designateGeneral: form.designateGeneral === 'on',
    firstName: form.firstName ?? '',
    lastName: form.lastName ?? '',
    email: form.email ?? '',
    street: form.street ?? '',
    city: form.city ?? '',
    state: form.state ?? '',
    zip: form.zip ?? '',
    employer: form.employer || undefined,
    occupation: form.occupation || undefined,
    refcode: form.refcode || undefined,
    refcode2: form.refcode2 || undefined,
    acceptRules: form.acceptRules === 'on',
  };
}

/** What a started gift answers: where to pay. */
export interface StartedGift {
  reference: string;
  payUrl: string;
}

/** The signed-in member as the donation form knows them: prefill, headroom per election, this cycle's total. */
export interface GivingMember {
  firstName: string;
  lastName: string;
  email: string;
  state: string;
  /** From the member's own earlier gifts (empty when none): asked once, not again (WCAG 2.2 SC 3.3.7). */
  street: string;
  city: string;
  zip: string;
  employer: string;
  occupation: string;
  /** What the member may still give, per election, and what they gave this cycle (pending included). */
  remainingCents: Record<Election, number>;
  cycleCents: number;
}
