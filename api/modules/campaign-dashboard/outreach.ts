import type { Db } from '../../../db/client';
import { ENGAGED_SUPPORTERS, type EngagedWindow } from '../../contract/engaged-audiences';
import type { OutreachCampaignType, SupporterGroup } from '../../contract/gotv';
import { allowanceUsed } from '../mass-email/allowance';
import type { ComposeInput } from '../mass-email/schema';
import { sendsBy } from '../mass-email/sender-sends';
import { previewSend } from '../mass-email/sends';
import { CANDIDATE_SUPPORTERS } from '../mass-email-audiences';
import { entitlementsOf } from '../membership/entitlements';
import {
  type MemberEmailDeps,
  MEMBER_EMAIL_PREVIEW_LIMIT as PREVIEW_LIMIT,
  queueWithinPlan,
  MEMBER_EMAIL_SEND_LIMIT as SEND_LIMIT,
} from '../membership/plan-emails';
import { hitRateLimit } from '../rate-limits/service';
import type { OutreachCampaignInput } from './schema';

/**
 * Candidates reach their people (docs/product/rulings.md "Campaigns"; docs/decisions/0032-gotv-and-candidate-emails.md): they
 * create SocialMedia and GOTV campaigns and, for one of them, email their own followers and donors
 * through the mass email module. How many recipients a month comes from their tier
 * (follower_emails_per_month), charged inside the queuing transaction.
 */
/** The candidate's emails go out as every member's own mass email does. */
export type OutreachDeps = MemberEmailDeps;

export interface OutreachCampaign {
  id: number;
  type: OutreachCampaignType;
  name: string;
  description: string | null;
}

const CREATE_LIMIT = { name: 'campaign-create', limit: 20, windowSeconds: 3600 };

export async function createOutreachCampaign(db: Db, candidateId: number, input: OutreachCampaignInput) {
  await hitRateLimit(db, CREATE_LIMIT, String(candidateId));
  const row = await db
    .insertInto('campaigns')
    .values({ candidate_id: candidateId, type: input.type, name: input.name, description: input.description })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The candidate's open SocialMedia and GOTV campaigns, newest first. */
export async function listOutreachCampaigns(db: Db, candidateId: number): Promise<OutreachCampaign[]> {
  const rows = await db
    .selectFrom('campaigns')
    .select(['id', 'type', 'name', 'description'])
    .where('candidate_id', '=', candidateId)
    .where('type', 'in', ['SocialMedia', 'GOTV'])
    .where('archived_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows as OutreachCampaign[];
}

/** The allowance the page shows: the tier's monthly emails and how many are used this month. */
export async function supporterEmailAllowance(db: Db, candidateId: number) {
  const entitlements = await entitlementsOf(db, candidateId);
  const used = await allowanceUsed(db, candidateId);
  const perMonth = entitlements.followerEmailsPerMonth;
  return { tierName: entitlements.tierName, perMonth, used, left: Math.max(0, perMonth - used) };
}

/** The candidate's own emails to their people, newest first, with progress and report. */
export function listSupporterEmails(db: Db, candidateId: number) {
  return sendsBy(db, candidateId, CANDIDATE_SUPPORTERS);
}

/** The audience is always the signed-in candidate's own people: the id comes from the session. */
const audienceOf = (candidateId: number, { campaignId, groups, engagedDays }: SupporterEmail) =>
  engagedDays
    ? { kind: ENGAGED_SUPPORTERS, params: { candidateId, campaignId, days: engagedDays } }
    : { kind: CANDIDATE_SUPPORTERS, params: { candidateId, campaignId, groups } };

export interface SupporterEmail {
  campaignId: number;
  groups: SupporterGroup[];
  /** Set: the engaged people of that window instead of the groups (docs/decisions/0099). */
  engagedDays?: EngagedWindow | undefined;
  content: ComposeInput;
}

export async function previewSupporterEmail(deps: OutreachDeps, candidateId: number, email: SupporterEmail) {
  await hitRateLimit(deps.db, PREVIEW_LIMIT, String(candidateId));
  return previewSend(deps, audienceOf(candidateId, email), email.content);
}

/**
 * Queues the email to the candidate's followers and/or donors. Refused (field errors, nothing
 * stored) when the campaign is not theirs, nobody would receive it, or the recipients would pass
 * this month's allowance (Free: 0).
 */
export async function sendSupporterEmail(
  deps: OutreachDeps,
  candidate: { id: number; ip: string },
  email: SupporterEmail,
) {
  await hitRateLimit(deps.db, SEND_LIMIT, String(candidate.id));
  return queueWithinPlan(deps, candidate, audienceOf(candidate.id, email), email.content);
}
