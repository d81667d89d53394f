/**
 * Feature toggles the code reads by name (docs/product/spec.md §6). A toggle that does not exist
 * counts as enabled, so a misspelt name would silently be "on": name them only from here.
 */
export const FEATURES = {
  campaignDonations: 'campaign-donations',
} as const;

export type FeatureName = (typeof FEATURES)[keyof typeof FEATURES];
