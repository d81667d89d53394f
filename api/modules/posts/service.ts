import type { Db } from '../../../db/client';
import type { FilesPort } from '../../ports/files';
import type { RealtimePort } from '../../ports/realtime';
import { recordAudit } from '../audit/service';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors';
import { nameOf } from '../notifications/names';
import { announceNotification } from '../notifications/service';
import { hitRateLimit } from '../rate-limits/service';
import { assertReportReason, raiseRedFlag } from '../red-flags/raise';
import { parseMentions, resolveMentions } from './mentions';
import { notifyFollowers, notifyMentioned } from './notify';
import { storePostImage } from './post-image';
import type { CreatePostInput, ReportPostInput } from './schema';

/** Posting, mentioning and reporting each have their own budget (docs/decisions/0033-social.md). */
export const POST_LIMITS = {
  post: { name: 'post', limit: 30, windowSeconds: 3600 },
  mention: {
    name: 'post-mention',
    limit: 20,
    windowSeconds: 3600,
    message: 'You have mentioned people in many posts this hour. Please wait before mentioning more.',
  },
  report: { name: 'post-report', limit: 20, windowSeconds: 3600 },
};

export interface PostDeps {
  db: Db;
  files: FilesPort;
  realtime?: RealtimePort;
}

/** The author's own SocialMedia campaign that is still open, or a field error. */
async function socialMediaCampaign(db: Db, authorId: number, campaignId: number) {
  const campaign = await db
    .selectFrom('campaigns')
    .select(['id', 'name'])
    .where('id', '=', campaignId)
    .where('candidate_id', '=', authorId)
    .where('type', '=', 'SocialMedia')
    .where('archived_at', 'is', null)
    .executeTakeFirst();
  if (!campaign)
    throw new ValidationError({ campaignId: ['Please choose one of your SocialMedia campaigns.'] });
  return campaign;
}

/**
 * Publishes a post. Mentioned members are told (type 9) and, when the post belongs to one of the
 * author's SocialMedia campaigns, every follower (type 10); the post and its notifications commit
 * together, and open pages hear of them after commit.
 */
export async function createPost(
  deps: PostDeps,
  authorId: number,
  input: CreatePostInput,
  image?: { bytes: Uint8Array; declaredType: string },
): Promise<{ id: number }> {
  const { db } = deps;
  const handles = parseMentions(input.body);
  const campaign = input.campaignId ? await socialMediaCampaign(db, authorId, input.campaignId) : null;
  await hitRateLimit(db, POST_LIMITS.post, String(authorId));
  if (handles.length) await hitRateLimit(db, POST_LIMITS.mention, String(authorId));
  const imageUrl = image ? await storePostImage(deps.files, authorId, image) : null;

  const { id, created } = await db.transaction().execute(async (trx) => {
    const post = await trx
      .insertInto('posts')
      .values({
        author_id: authorId,
        body: input.body,
        image_url: imageUrl,
        campaign_id: campaign?.id ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const about = { id: post.id, authorId, authorName: await nameOf(trx, authorId) };
    const mentioned = await resolveMentions(trx, authorId, handles);
    const told = await notifyMentioned(trx, about, mentioned);
    const followers = campaign
      ? await notifyFollowers(
          trx,
          { ...about, campaignName: campaign.name },
          mentioned.map((m) => m.id),
        )
      : [];
    return { id: post.id, created: [...told, ...followers] };
  });
  if (deps.realtime) for (const row of created) announceNotification(deps.realtime, row);
  return { id };
}

/** A post that is still shown, or NotFound. */
async function openPost(db: Db, postId: number) {
  const post = await db
    .selectFrom('posts')
    .select(['id', 'author_id'])
    .where('id', '=', postId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!post) throw new NotFoundError('This post does not exist.');
  return post;
}

/**
 * The author deletes their post; staff who review red flags (VIEW_RED_FLAGS) remove anyone's,
 * which the audit log records. The row stays (deleted_at) so a report can still be reviewed.
 */
export async function deletePost(
  db: Db,
  actor: { id: number; canModerate: boolean; ip?: string | null },
  postId: number,
): Promise<void> {
  const post = await openPost(db, postId);
  const own = post.author_id === actor.id;
  if (!own && !actor.canModerate) throw new ForbiddenError('You can only delete your own posts.');
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('posts')
      .set({ deleted_at: new Date(), deleted_by: actor.id })
      .where('id', '=', postId)
      .execute();
    if (!own) {
      await recordAudit(trx, {
        actorId: actor.id,
        action: 'post.remove',
        targetType: 'post',
        targetId: postId,
        ip: actor.ip ?? null,
      });
    }
  });
}

/** A member reports someone else's post: a red flag (target 'post') for SUPPORT and SECURITY. */
export async function reportPost(
  db: Db,
  reporterId: number,
  postId: number,
  input: ReportPostInput,
): Promise<{ redFlagId: number }> {
  const post = await openPost(db, postId);
  if (post.author_id === reporterId)
    throw new ValidationError({ reason: ['You cannot report your own post.'] });
  await assertReportReason(db, input.reason);
  await hitRateLimit(db, POST_LIMITS.report, String(reporterId));
  const redFlagId = await raiseRedFlag(db, {
    reporterId,
    targetType: 'post',
    targetId: post.id,
    reason: input.reason,
    details: input.details,
  });
  return { redFlagId };
}
