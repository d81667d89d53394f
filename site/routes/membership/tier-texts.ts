import type { MembershipTierInfo } from '../../../api/contract/membership';
import type { TierUnlocks } from '../../../api/modules/membership/tier-table';

/** "$29/month", or "$0" for Free (docs/product/rulings.md "Membership"). */
export function priceOf(tier: MembershipTierInfo): string {
  return tier.monthlyCents === 0 ? '$0' : `$${(tier.monthlyCents / 100).toLocaleString('en-US')}/month`;
}

/** The rows of the comparison: what membership_entitlements says each tier unlocks. */
export const UNLOCK_ROWS: { label: string; value: (u: TierUnlocks) => string }[] = [
  { label: 'Verified badge', value: (u) => (u.verifiedBadge ? 'Yes' : 'No') },
  { label: 'Campaign dashboard analytics', value: (u) => (u.dashboardAnalytics ? 'Yes' : 'No') },
  { label: 'Open job posts', value: (u) => u.openJobPosts.toLocaleString('en-US') },
  { label: 'Follower emails per month', value: (u) => u.followerEmailsPerMonth.toLocaleString('en-US') },
];

/** What a tier unlocks, in sentences, for the payment's confirmation. */
export function unlocksInWords(u: TierUnlocks): string[] {
  return [
    u.verifiedBadge ? 'A verified badge on your profile and in people search' : null,
    u.dashboardAnalytics ? 'Charts and top donors on your campaign dashboard' : null,
    `${u.openJobPosts.toLocaleString('en-US')} open job ${u.openJobPosts === 1 ? 'post' : 'posts'}`,
    `${u.followerEmailsPerMonth.toLocaleString('en-US')} emails to your followers a month`,
  ].filter((line): line is string => line !== null);
}

export const longDate = (iso: string | Date) =>
  new Date(iso).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
