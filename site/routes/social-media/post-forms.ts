import type { z } from 'zod';
import type { SessionUser } from '../../../api/contract/session-user';
import { rowId } from '../../../api/modules/bounds';
import {
  ForbiddenError,
  NotFoundError,
  RateLimitedError,
  ValidationError,
} from '../../../api/modules/errors';
import { createPostInput, reportPostInput } from '../../../api/modules/posts/schema';
import { createPost, deletePost, reportPost } from '../../../api/modules/posts/service';
import type { PageContext } from '../../server/page';
import { formFields } from '../people/member-pages';
import { createPostPage } from './create-post-page';
import { postViewerOf } from './post-viewer';

const fieldErrors = (error: z.ZodError) => error.flatten().fieldErrors as Record<string, string[]>;

export function showCreatePost(c: PageContext, user: SessionUser) {
  return createPostPage(c, user);
}

/** POST /social-media/create-post (multipart): publish, then to the feed; errors re-show the form. */
export async function publishPost(c: PageContext, user: SessionUser) {
  const body = await c.req.parseBody();
  const values = {
    body: typeof body.body === 'string' ? body.body : '',
    campaignId: String(body.campaignId ?? ''),
  };
  const parsed = createPostInput.safeParse(values);
  if (!parsed.success) return createPostPage(c, user, { errors: fieldErrors(parsed.error), values }, 400);
  const file = body.image instanceof File && body.image.size > 0 ? body.image : null;
  try {
    const image = file
      ? { bytes: new Uint8Array(await file.arrayBuffer()), declaredType: file.type }
      : undefined;
    const deps = { db: c.get('db'), files: c.get('files'), realtime: c.get('realtime') };
    const post = await createPost(deps, user.id, parsed.data, image);
    return c.redirect(`/social-media/posts/${post.id}?notice=posted`, 303);
  } catch (error) {
    if (error instanceof ValidationError)
      return createPostPage(c, user, { errors: error.fieldErrors, values }, 400);
    if (error instanceof RateLimitedError)
      return createPostPage(c, user, { formError: error.message, values }, 429);
    throw error;
  }
}

function postIdOf(c: PageContext): number | null {
  const id = rowId.safeParse(Number(c.req.param('id')));
  return id.success ? id.data : null;
}

/** Answers a refused action with its message: 404, 403, 429 or 400, never a 500. */
function refusal(c: PageContext, error: unknown) {
  if (error instanceof NotFoundError) return c.text(error.message, 404);
  if (error instanceof ForbiddenError) return c.text(error.message, 403);
  if (error instanceof RateLimitedError) return c.text(error.message, 429);
  if (error instanceof ValidationError) {
    return c.text(Object.values(error.fieldErrors).flat()[0] ?? error.message, 400);
  }
  throw error;
}

export async function removePost(c: PageContext, _user: SessionUser) {
  const postId = postIdOf(c);
  if (postId === null) return c.text('This post does not exist.', 404);
  const viewer = (await postViewerOf(c))!;
  try {
    await deletePost(c.get('db'), { ...viewer, ip: c.get('ip') }, postId);
  } catch (error) {
    return refusal(c, error);
  }
  return c.redirect('/social-media?notice=deleted', 303);
}

export async function reportPostFromForm(c: PageContext, user: SessionUser) {
  const postId = postIdOf(c);
  if (postId === null) return c.text('This post does not exist.', 404);
  const fields = await formFields(c);
  const parsed = reportPostInput.safeParse({
    reason: fields.reason ?? '',
    details: fields.details || undefined,
  });
  if (!parsed.success)
    return c.text(Object.values(fieldErrors(parsed.error)).flat()[0] ?? 'Invalid report.', 400);
  try {
    await reportPost(c.get('db'), user.id, postId, parsed.data);
  } catch (error) {
    return refusal(c, error);
  }
  return c.redirect(`/social-media/posts/${postId}?notice=reported`, 303);
}
