/**
 * Feature toggles the code reads by name (docs/product/spec.md §6). A toggle that does not exist
 * counts as enabled, so a misspelt name would silently be "on": name them only from here.
 */
export const FEATURES = {
  campaignDonations: 'campaign-donations',
  /** Off by default: when on, members need two-factor sign-in like staff (docs/decisions/0040-staff-two-factor-sign-in.md). */
  twoFactorForMembers: 'two-factor-for-members',
} as const;

export type FeatureName = (typeof FEATURES)[keyof typeof FEATURES];
