import { PAID_TIERS, tierInfo } from './membership';

/**
 * GOTV segments and candidates' emails (docs/product/rulings.md "Campaigns"; docs/decisions/0032-gotv-and-candidate-emails.md):
 * the words the console, the dashboard and the API share. Browser-safe.
 */

/** Who a member is, as a segment picks them (one member may be several: a candidate vendor). */
export const SEGMENT_MEMBER_KINDS = ['individual', 'organization', 'candidate', 'vendor'] as const;
export type SegmentMemberKind = (typeof SEGMENT_MEMBER_KINDS)[number];

export const SEGMENT_MEMBER_KIND_LABEL: Record<SegmentMemberKind, string> = {
  individual: 'Individual members',
  organization: 'Organizations',
  candidate: 'Candidates',
  vendor: 'Vendors',
};

/** A membership plan a segment picks: 'free' (no paid tier now) or one of the paid tiers. */
export const SEGMENT_PLANS = ['free', ...PAID_TIERS] as const;
export type SegmentPlan = (typeof SEGMENT_PLANS)[number];

export function segmentPlanLabel(plan: SegmentPlan): string {
  if (plan === 'free') return 'Free';
  const info = tierInfo(plan);
  return `${info.name} (${info.track === 'candidate' ? 'candidates' : 'organizations'})`;
}

/**
 * A GOTV segment: every condition given must hold (AND); inside a list any value will do (OR).
 * At least one condition. Guests who gave to `donorsOf` have no account: only `states` (their
 * gift's address) applies to them, and any member-only condition leaves them out.
 */
export interface GotvSegment {
  states?: string[];
  kinds?: SegmentMemberKind[];
  plans?: SegmentPlan[];
  /** A candidate's user id: members who follow them. */
  followersOf?: number;
  /** A campaign id: people who made a paid gift to it. */
  donorsOf?: number;
}

/** Who a candidate emails from the campaign dashboard: their followers, their donors, or both. */
export const SUPPORTER_GROUPS = ['followers', 'donors'] as const;
export type SupporterGroup = (typeof SUPPORTER_GROUPS)[number];

/** Campaign types a candidate emails from (CampaignDonation campaigns raise money instead). */
export const OUTREACH_CAMPAIGN_TYPES = ['SocialMedia', 'GOTV'] as const;
export type OutreachCampaignType = (typeof OUTREACH_CAMPAIGN_TYPES)[number];

export const CAMPAIGN_TYPE_LABEL: Record<OutreachCampaignType | 'CampaignDonation', string> = {
  CampaignDonation: 'Donations',
  SocialMedia: 'Social media',
  GOTV: 'Get out the vote',
};
