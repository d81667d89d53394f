import type { Election } from '../../../api/contract/fec-limits';

/** The signed-in member: prefill, remaining headroom per election and this cycle's total. */
export interface GivingMember {
  firstName: string;
  lastName: string;
  email: string;
  state: string;
  /** What the member's own earlier gifts gave (empty when none): asked once, not again (WCAG 3.3.7). */
  street: string;
  city: string;
  zip: string;
  employer: string;
  occupation: string;
  remainingCents: Record<Election, number>;
  cycleCents: number;
}

/**
 * A field's first value: what was just posted wins; else what the member's account and earlier
 * gifts already told us (an empty answer counts as none).
 */
export function prefillFrom(
  initial: Record<string, string>,
  member: GivingMember | null,
): (name: string) => string | undefined {
  const known: Record<string, string> = member
    ? {
        firstName: member.firstName,
        lastName: member.lastName,
        email: member.email,
        state: member.state,
        street: member.street,
        city: member.city,
        zip: member.zip,
        employer: member.employer,
        occupation: member.occupation,
      }
    : {};
  return (name) => initial[name] ?? (known[name] || undefined);
}
