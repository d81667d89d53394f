import type { Db } from '../../../db/client';
import type { JobsPort } from '../../ports/queue';
import type { MassEmailAudiences } from '../mass-email/audiences';
import type { MassEmailLinks } from '../mass-email/message';
import type { AudienceRef, ComposeInput } from '../mass-email/schema';
import { queueSend } from '../mass-email/sends';
import { entitlementsOf } from './entitlements';

/**
 * One hourly budget for a member's own emails (to followers and donors, a saved list, event people):
 * ten sends an hour is far above real use; the monthly allowance is the real bound.
 */
export const MEMBER_EMAIL_SEND_LIMIT = { name: 'supporter-email-send', limit: 10, windowSeconds: 3600 };
export const MEMBER_EMAIL_PREVIEW_LIMIT = { name: 'supporter-email-preview', limit: 120, windowSeconds: 600 };

/** What a member's own mass email needs: the candidate's outreach, a saved list's email, a shift's. */
export interface MemberEmailDeps {
  db: Db;
  jobs: JobsPort;
  audiences: MassEmailAudiences;
  links: MassEmailLinks;
}

/**
 * Queues a member's email to `ref` within their tier's monthly emails (follower_emails_per_month;
 * docs/decisions/0032-gotv-and-candidate-emails.md), the recipients charged in the queuing
 * transaction; refused with field errors, nothing stored, when nobody would get it or it passes
 * the allowance (Free: 0).
 */
export async function queueWithinPlan(
  deps: MemberEmailDeps,
  sender: { id: number; ip: string },
  ref: AudienceRef,
  content: ComposeInput,
) {
  const { followerEmailsPerMonth } = await entitlementsOf(deps.db, sender.id);
  return queueSend(
    deps,
    ref,
    content,
    { id: sender.id, ip: sender.ip, permissions: [] },
    { allowance: { userId: sender.id, perMonth: followerEmailsPerMonth } },
  );
}
