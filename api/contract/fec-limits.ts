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

/**
 * What a donor confirms before giving, as one statement beside the button (the FEC asks for the
 * information and the committee's best efforts, not four boxes; docs/decisions/0094-refcodes-and-honest-monthly.md).
 */
export const CONTRIBUTION_RULES_STATEMENT =
  'I am a US citizen or lawful permanent resident, at least 18 years old and not a federal contractor, and this contribution is from my own funds.';

/** How much more a donor may give to one candidate for one election, never below zero. */
export function remainingLimitCents(givenThisElectionCents: number): number {
  return Math.max(0, INDIVIDUAL_LIMIT_PER_ELECTION_CENTS - givenThisElectionCents);
}

/** Whether a gift that brings the cycle total to `cycleTotalCents` needs employer and occupation. */
export function needsEmployerAndOccupation(cycleTotalCents: number): boolean {
  return cycleTotalCents > ITEMIZATION_THRESHOLD_CENTS;
}
