/**
 * Membership tiers (docs/product/rulings.md "Membership"; docs/decisions/0024-membership.md): two tracks, each
 * with Free and two paid monthly tiers. What a tier unlocks is the server's membership_entitlements
 * table, not this list: this is the vocabulary the pages and the API share.
 */
export const MEMBERSHIP_TRACKS = ['candidate', 'organization'] as const;
export type MembershipTrack = (typeof MEMBERSHIP_TRACKS)[number];

export const MEMBERSHIP_TRACK_LABEL: Record<MembershipTrack, string> = {
  candidate: 'Political Candidates',
  organization: 'Activists & Organizations',
};

export const MEMBERSHIP_TIERS = [
  { tier: 'candidate-free', track: 'candidate', name: 'Free', monthlyCents: 0 },
  { tier: 'campaign', track: 'candidate', name: 'Campaign', monthlyCents: 2_900 },
  { tier: 'campaign-pro', track: 'candidate', name: 'Campaign Pro', monthlyCents: 9_900 },
  { tier: 'organization-free', track: 'organization', name: 'Free', monthlyCents: 0 },
  { tier: 'organizer', track: 'organization', name: 'Organizer', monthlyCents: 1_900 },
  { tier: 'movement', track: 'organization', name: 'Movement', monthlyCents: 7_900 },
] as const satisfies readonly {
  tier: string;
  track: MembershipTrack;
  name: string;
  monthlyCents: number;
}[];

export type MembershipTier = (typeof MEMBERSHIP_TIERS)[number]['tier'];
export type MembershipTierInfo = (typeof MEMBERSHIP_TIERS)[number];

/** The tiers a payment can buy: every tier that costs something. */
export const PAID_TIERS = MEMBERSHIP_TIERS.filter((t) => t.monthlyCents > 0).map((t) => t.tier);

export const FREE_TIER: Record<MembershipTrack, MembershipTier> = {
  candidate: 'candidate-free',
  organization: 'organization-free',
};

export function tierInfo(tier: MembershipTier): MembershipTierInfo {
  const found = MEMBERSHIP_TIERS.find((t) => t.tier === tier);
  if (!found) throw new Error(`Unknown membership tier '${tier}'`);
  return found;
}

export function isMembershipTier(value: string): value is MembershipTier {
  return MEMBERSHIP_TIERS.some((t) => t.tier === value);
}

/**
 * The track a member's tiers come from: candidates → candidate track, organization accounts →
 * organization track; anyone else has no paid tiers (null) and reads the Free entitlements.
 */
export function membershipTrackOf(user: { isCandidate: boolean; kind: string }): MembershipTrack | null {
  if (user.isCandidate) return 'candidate';
  if (user.kind === 'organization') return 'organization';
  return null;
}

/** Where a membership stands, as the membership page and the API show it. */
export type MembershipStatus = 'free' | 'pending' | 'active' | 'cancelling' | 'grace';

/** What a member may do: the limits and flags of their tier. */
export interface Entitlements {
  tier: MembershipTier;
  track: MembershipTrack | null;
  tierName: string;
  status: MembershipStatus;
  /** Paid access lasts until then (ISO 8601); null on Free. */
  paidUntil: string | null;
  verifiedBadge: boolean;
  dashboardAnalytics: boolean;
  openJobPosts: number;
  followerEmailsPerMonth: number;
}
