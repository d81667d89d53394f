import type { Db } from '../../../db/client';
import { SUPPORTER_LIST_AUDIENCE } from '../../contract/supporters';
import type { ComposeInput } from '../mass-email/schema';
import { sendsBy } from '../mass-email/sender-sends';
import { previewSend } from '../mass-email/sends';
import {
  type MemberEmailDeps,
  MEMBER_EMAIL_PREVIEW_LIMIT as PREVIEW_LIMIT,
  queueWithinPlan,
  MEMBER_EMAIL_SEND_LIMIT as SEND_LIMIT,
} from '../membership/plan-emails';
import { hitRateLimit } from '../rate-limits/service';
import { savedList } from './saved-lists';

/**
 * Outreach to a saved list (docs/decisions/0100-supporters.md): the campaign's owner emails the
 * people a saved list holds today, through the mass email module, counted against the same monthly
 * allowance and hourly limit as their emails to followers and donors (docs/decisions/0032-gotv-and-candidate-emails.md).
 */

/** Whom an email goes to: one of the owner's saved lists, or everyone with one of their tags. */
export type EmailTarget = { listId: number } | { tagId: number };

/** The audience of the owner's own list or tag: the filter is read here, from the list or tag itself. */
async function audienceOf(db: Db, ownerId: number, target: EmailTarget) {
  if ('listId' in target) {
    const list = await savedList(db, ownerId, target.listId);
    return { kind: SUPPORTER_LIST_AUDIENCE, params: { ownerId, listId: list.id, filter: list.filter } };
  }
  return {
    kind: SUPPORTER_LIST_AUDIENCE,
    params: { ownerId, tagId: target.tagId, filter: { tag: String(target.tagId) } },
  };
}

export async function previewListEmail(
  deps: MemberEmailDeps,
  ownerId: number,
  target: EmailTarget,
  content: ComposeInput,
) {
  await hitRateLimit(deps.db, PREVIEW_LIMIT, String(ownerId));
  return previewSend(deps, await audienceOf(deps.db, ownerId, target), content);
}

/** Queues it; refused with field errors when nobody would receive it or it would pass the month's allowance. */
export async function sendListEmail(
  deps: MemberEmailDeps,
  owner: { id: number; ip: string },
  target: EmailTarget,
  content: ComposeInput,
) {
  await hitRateLimit(deps.db, SEND_LIMIT, String(owner.id));
  return queueWithinPlan(deps, owner, await audienceOf(deps.db, owner.id, target), content);
}

/** The owner's emails to their saved lists, newest first, with progress. */
export function listEmailsSent(db: Db, ownerId: number) {
  return sendsBy(db, ownerId, SUPPORTER_LIST_AUDIENCE);
}
