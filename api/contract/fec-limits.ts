/**
 * Federal contribution rules for the 2025–2026 cycle (docs/product/rulings.md, "Donations"),
 * in cents. The donation form shows them and the donations module enforces them over the donor's
 * history inside the transaction that records a gift; both read them from here.
 */
/** An individual's limit per candidate per election; primary and general are separate elections. */
export const INDIVIDUAL_LIMIT_PER_ELECTION_CENTS = 350_000;

/** Once a donor's total to a candidate in the cycle passes this, employer and occupation are required. */
export const ITEMIZATION_THRESHOLD_CENTS = 20_000;

export const ELECTIONS = ['primary', 'general'] as const;
export type Election = (typeof ELECTIONS)[number];

/** What a donor attests before giving. */
export const DONOR_ATTESTATIONS = [
  'I am a US citizen or lawful permanent resident.',
  'This contribution is made from my own funds.',
  'I am not a federal contractor.',
  'I am at least 18 years old.',
] as const;

/** How much more a donor may give to one candidate for one election, never below zero. */
export function remainingLimitCents(givenThisElectionCents: number): number {
  return Math.max(0, INDIVIDUAL_LIMIT_PER_ELECTION_CENTS - givenThisElectionCents);
}

/** Whether a gift that brings the cycle total to `cycleTotalCents` needs employer and occupation. */
export function needsEmployerAndOccupation(cycleTotalCents: number): boolean {
  return cycleTotalCents > ITEMIZATION_THRESHOLD_CENTS;
}
