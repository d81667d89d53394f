import type { Db } from '../../../db/client';
import { SUPPORTER_LIST_AUDIENCE } from '../../contract/supporters';
import type { JobsPort } from '../../ports/queue';
import type { MassEmailAudiences } from '../mass-email/audiences';
import type { MassEmailLinks } from '../mass-email/message';
import type { ComposeInput } from '../mass-email/schema';
import { previewSend, queueSend } from '../mass-email/sends';
import { entitlementsOf } from '../membership/entitlements';
import { hitRateLimit } from '../rate-limits/service';
import { savedList } from './saved-lists';

/**
 * Outreach to a saved list (docs/decisions/0100-supporters.md): the campaign's owner emails the
 * people a saved list holds today, through the mass email module, counted against the same monthly
 * allowance and hourly limit as their emails to followers and donors (docs/decisions/0032-gotv-and-candidate-emails.md).
 */
export interface ListEmailDeps {
  db: Db;
  jobs: JobsPort;
  audiences: MassEmailAudiences;
  links: MassEmailLinks;
}

// The same buckets as the outreach page's emails: one candidate, one hourly budget.
const SEND_LIMIT = { name: 'supporter-email-send', limit: 10, windowSeconds: 3600 };
const PREVIEW_LIMIT = { name: 'supporter-email-preview', limit: 120, windowSeconds: 600 };

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
  deps: ListEmailDeps,
  ownerId: number,
  target: EmailTarget,
  content: ComposeInput,
) {
  await hitRateLimit(deps.db, PREVIEW_LIMIT, String(ownerId));
  return previewSend(deps, await audienceOf(deps.db, ownerId, target), content);
}

/** Queues it; refused with field errors when nobody would receive it or it would pass the month's allowance. */
export async function sendListEmail(
  deps: ListEmailDeps,
  owner: { id: number; ip: string },
  target: EmailTarget,
  content: ComposeInput,
) {
  await hitRateLimit(deps.db, SEND_LIMIT, String(owner.id));
  const { followerEmailsPerMonth } = await entitlementsOf(deps.db, owner.id);
  return queueSend(
    deps,
    await audienceOf(deps.db, owner.id, target),
    content,
    { id: owner.id, ip: owner.ip, permissions: [] },
    { allowance: { userId: owner.id, perMonth: followerEmailsPerMonth } },
  );
}

/** The owner's emails to their saved lists, newest first, with progress. */
export function listEmailsSent(db: Db, ownerId: number) {
  return db
    .selectFrom('mass_email_sends')
    .select([
      'id',
      'audience_label',
      'subject',
      'status',
      'total',
      'sent_count',
      'suppressed_count',
      'failed_count',
    ])
    .where('audience_kind', '=', SUPPORTER_LIST_AUDIENCE)
    .where('created_by', '=', ownerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(20)
    .execute();
}
