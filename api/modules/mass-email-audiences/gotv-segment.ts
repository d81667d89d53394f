import { type RawBuilder, sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import {
  type GotvSegment,
  SEGMENT_MEMBER_KIND_LABEL,
  SEGMENT_MEMBER_KINDS,
  SEGMENT_PLANS,
  type SegmentMemberKind,
  type SegmentPlan,
  segmentPlanLabel,
} from '../../contract/gotv';
import { paidGift } from '../donations/paid-gifts';
import type { Audience, AudienceRecipient } from '../mass-email/audiences';
import { paidMemberships } from '../membership/paid-members';

export const GOTV_SEGMENT = 'gotv-segment';

const id = (message: string) =>
  z.coerce.number({ error: message }).int(message).min(1, message).max(2_147_483_647, message);

const params = z
  .object({
    states: z
      .array(z.string().regex(/^[A-Z]{2}$/, 'Choose states from the list.'))
      .max(60, 'Choose states from the list.')
      .optional(),
    kinds: z.array(z.enum(SEGMENT_MEMBER_KINDS, { error: 'Choose member kinds from the list.' })).optional(),
    plans: z.array(z.enum(SEGMENT_PLANS, { error: 'Choose plans from the list.' })).optional(),
    followersOf: id('Choose a candidate.').optional(),
    donorsOf: id('Choose a campaign.').optional(),
  })
  .transform((s): GotvSegment => {
    const some = <T>(list: T[] | undefined) =>
      list && list.length > 0 ? [...new Set(list)].sort() : undefined;
    return {
      ...(some(s.states) && { states: some(s.states) }),
      ...(some(s.kinds) && { kinds: some(s.kinds) }),
      ...(some(s.plans) && { plans: some(s.plans) }),
      ...(s.followersOf && { followersOf: s.followersOf }),
      ...(s.donorsOf && { donorsOf: s.donorsOf }),
    };
  })
  .refine((s) => Object.keys(s).length > 0, {
    message: 'Choose at least one condition: a state, a kind of member, a plan, followers or donors.',
    path: ['segment'],
  });

const KIND_SQL: Record<SegmentMemberKind, RawBuilder<boolean>> = {
  individual: sql<boolean>`(u.kind = 'individual' AND NOT u.is_candidate AND NOT u.is_vendor)`,
  organization: sql<boolean>`u.kind = 'organization'`,
  candidate: sql<boolean>`u.is_candidate`,
  vendor: sql<boolean>`u.is_vendor`,
};

const anyOf = (parts: RawBuilder<boolean>[]) => sql<boolean>`(${sql.join(parts, sql` OR `)})`;

/** Members on one of the plans: 'free' is anyone no subscription grants a paid tier now. */
function planCondition(db: Db, plans: SegmentPlan[]): RawBuilder<boolean> {
  const paid = paidMemberships(db);
  const tiers = plans.filter((p) => p !== 'free');
  const parts: RawBuilder<boolean>[] = [];
  if (plans.includes('free'))
    parts.push(sql<boolean>`NOT EXISTS (SELECT 1 FROM (${paid}) pm WHERE pm.user_id = u.id)`);
  if (tiers.length > 0) {
    parts.push(sql<boolean>`EXISTS (SELECT 1 FROM (${paid}) pm
      WHERE pm.user_id = u.id AND pm.tier IN (${sql.join(tiers)}))`);
  }
  return anyOf(parts);
}

/** The members the segment names: live accounts (not deleted, not blocked) with every condition. */
function memberRecipients(db: Db, s: GotvSegment) {
  const where: RawBuilder<boolean>[] = [
    sql<boolean>`u.deleted_at IS NULL AND u.blocked_at IS NULL AND position('@' in u.email) > 0`,
  ];
  if (s.states) where.push(sql<boolean>`u.state IN (${sql.join(s.states)})`);
  if (s.kinds) where.push(anyOf(s.kinds.map((k) => KIND_SQL[k])));
  if (s.plans) where.push(planCondition(db, s.plans));
  if (s.followersOf)
    where.push(sql<boolean>`EXISTS (SELECT 1 FROM follows f
      WHERE f.followee_id = ${s.followersOf} AND f.follower_id = u.id)`);
  if (s.donorsOf)
    where.push(sql<boolean>`EXISTS (SELECT 1 FROM donations d
      WHERE d.campaign_id = ${s.donorsOf} AND ${paidGift('d')}
        AND (d.user_id = u.id OR lower(trim(d.email)) = lower(u.email)))`);
  return sql<AudienceRecipient>`
    SELECT lower(u.email) AS email,
           CASE WHEN u.kind = 'organization' THEN u.org_name ELSE u.first_name END AS first_name
    FROM users u WHERE ${sql.join(where, sql` AND `)}`;
}

/**
 * Guests who gave to the campaign: addresses no account holds (a member's address is the member's,
 * with the member's conditions), in the segment's states by their gift's address, first name of
 * the latest gift. Only when the segment has no member-only condition.
 */
function guestDonorRecipients(campaignId: number, states: string[] | undefined) {
  const inStates = states ? sql`AND d.state IN (${sql.join(states)})` : sql``;
  return sql<AudienceRecipient>`
    SELECT DISTINCT ON (lower(trim(d.email))) lower(trim(d.email)) AS email, d.first_name
    FROM donations d
    WHERE d.campaign_id = ${campaignId} AND ${paidGift('d')} AND position('@' in d.email) > 0 ${inStates}
      AND NOT EXISTS (SELECT 1 FROM users u WHERE lower(u.email) = lower(trim(d.email)))
    ORDER BY lower(trim(d.email)), d.paid_at DESC NULLS LAST, d.id DESC`;
}

function segmentRecipients(db: Db, s: GotvSegment) {
  const members = memberRecipients(db, s);
  const guestsToo = s.donorsOf && !s.kinds && !s.plans && !s.followersOf;
  return guestsToo
    ? sql<AudienceRecipient>`(${members}) UNION ALL (${guestDonorRecipients(s.donorsOf!, s.states)})`
    : members;
}

async function nameOf(db: Db, s: GotvSegment) {
  const candidate = s.followersOf
    ? await db
        .selectFrom('users')
        .select(sql<string>`trim(coalesce(first_name, '') || ' ' || coalesce(last_name, ''))`.as('name'))
        .where('id', '=', s.followersOf)
        .where('is_candidate', '=', true)
        .executeTakeFirst()
    : undefined;
  const campaign = s.donorsOf
    ? await db.selectFrom('campaigns').select('name').where('id', '=', s.donorsOf).executeTakeFirst()
    : undefined;
  return { candidate: candidate?.name, campaign: campaign?.name };
}

/**
 * 'gotv-segment' (docs/product/rulings.md "Campaigns": GOTV mass emails go to a segment;
 * docs/decisions/0032-gotv-and-candidate-emails.md): members by state, kind, plan, following a candidate, and people who gave
 * to a campaign, every condition at once. Addresses are lower-cased and listed once.
 */
export const gotvSegment: Audience<GotvSegment> = {
  kind: GOTV_SEGMENT,
  params: params as unknown as z.ZodType<GotvSegment>,
  missing: { segment: ['Choose a candidate and a campaign that exist.'] },
  async describe(db, s) {
    const names = await nameOf(db, s);
    if ((s.followersOf && !names.candidate) || (s.donorsOf && !names.campaign)) return null;
    const parts: string[] = [];
    if (s.kinds) parts.push(s.kinds.map((k) => SEGMENT_MEMBER_KIND_LABEL[k]).join(' or '));
    if (s.plans) parts.push(`on ${s.plans.map(segmentPlanLabel).join(' or ')}`);
    if (s.states) parts.push(`in ${s.states.join(', ')}`);
    if (names.candidate) parts.push(`following ${names.candidate}`);
    if (names.campaign) parts.push(`who gave to ${names.campaign}`);
    const label = s.kinds ? parts.join(' ') : `Members ${parts.join(' ')}`;
    // Every recipient meets every condition, so the narrowest one says why they get it.
    let reason = 'you are a Campaign HQ member';
    if (names.candidate) reason = `you follow ${names.candidate}`;
    if (names.campaign) reason = `you gave to ${names.campaign}`;
    return { label: `GOTV: ${label}`, reason };
  },
  recipients(db, s) {
    return sql<AudienceRecipient>`SELECT DISTINCT ON (r.email) r.email, r.first_name
      FROM (${segmentRecipients(db, s)}) r ORDER BY r.email`;
  },
};
