import type { GivingMember } from '../../../api/contract/donations';

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
