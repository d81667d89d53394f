import type { Context } from 'hono';
import type { AppEnv } from '../../../api/middleware/app-env';
import { NotFoundError, RateLimitedError, ValidationError } from '../../../api/modules/errors';
import { composeInput } from '../../../api/modules/mass-email/schema';
import { appMassEmailAudiences } from '../../../api/modules/mass-email-audiences';
import { previewListEmail, sendListEmail } from '../../../api/modules/supporters/outreach';
import { deleteList, saveList, typedFilter } from '../../../api/modules/supporters/saved-lists';
import { savedListInput } from '../../../api/modules/supporters/schema';
import type { CampaignSeat } from '../../../api/modules/supporters/team';
import { notFoundPage } from '../../render/error-pages';
import { renderPage } from '../../render/render-page';
import { fieldErrors } from '../campaign-dashboard/dashboard-forms';
import { formFields } from '../people/member-pages';
import { LIST_NOTICES, supporterListPage } from './list-page';
import { SAVED_LIST_NOTICES, savedListPage } from './saved-list-page';
import { idParam } from './team-guard';

type Ctx = Context<AppEnv>;

/** Runs `then` for the saved list named in the path; another campaign's, or none, is the normal 404. */
async function withList(c: Ctx, then: (listId: number) => Promise<Response>): Promise<Response> {
  const listId = idParam(c, 'listId');
  if (listId === null) return renderPage(c, notFoundPage());
  try {
    return await then(listId);
  } catch (error) {
    if (error instanceof NotFoundError) return renderPage(c, notFoundPage());
    throw error;
  }
}

/** GET /supporters/:ownerId */
export function showSupporters(c: Ctx, seat: CampaignSeat) {
  const saved = c.req.query('saved');
  return supporterListPage(c, seat, { notice: saved ? LIST_NOTICES[saved] : undefined });
}

/** POST /supporters/:ownerId/lists: the view's filter (hidden fields) kept under a name. */
export async function saveListForm(c: Ctx, seat: CampaignSeat) {
  const values = await formFields(c);
  const parsed = savedListInput.safeParse(values);
  try {
    if (!parsed.success) throw new ValidationError(fieldErrors(parsed.error));
    const id = await saveList(
      c.get('db'),
      seat.ownerId,
      c.get('user')!.id,
      parsed.data.name,
      typedFilter(values),
    );
    return c.redirect(`/supporters/${seat.ownerId}/lists/${id}?saved=saved`, 303);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return supporterListPage(c, seat, { saveErrors: error.fieldErrors, saveName: values.name ?? '' }, 400);
  }
}

/** GET /supporters/:ownerId/lists/:listId */
export function showSavedList(c: Ctx, seat: CampaignSeat) {
  const saved = c.req.query('saved');
  return withList(c, (id) =>
    savedListPage(c, seat, id, { notice: saved ? SAVED_LIST_NOTICES[saved] : undefined }),
  );
}

/** POST …/lists/:listId/delete */
export function deleteListForm(c: Ctx, seat: CampaignSeat) {
  return withList(c, async (id) => {
    await deleteList(c.get('db'), seat.ownerId, id);
    return c.redirect(`/supporters/${seat.ownerId}?saved=deleted`, 303);
  });
}

/**
 * POST …/lists/:listId/email: intent=preview shows the count and the email as the first recipient
 * reads it; intent=send queues it against the month's allowance. Only the campaign itself sends in
 * its name: a treasurer's post is the normal 404.
 */
export function emailList(c: Ctx, seat: CampaignSeat) {
  return withList(c, async (id) => {
    if (!seat.isOwner) return renderPage(c, notFoundPage());
    const values = await formFields(c);
    const parsed = composeInput.safeParse(values);
    if (!parsed.success)
      return savedListPage(c, seat, id, { errors: fieldErrors(parsed.error), values }, 400);
    const config = c.get('config');
    const deps = {
      db: c.get('db'),
      jobs: c.get('jobs'),
      audiences: appMassEmailAudiences(),
      links: { appUrl: config.appUrl, appSecret: config.appSecret },
    };
    try {
      if (values.intent === 'preview') {
        const preview = await previewListEmail(deps, seat.ownerId, { listId: id }, parsed.data);
        return savedListPage(c, seat, id, {
          values,
          preview: { ...preview, text: preview.preview?.text ?? null },
        });
      }
      await sendListEmail(deps, { id: seat.ownerId, ip: c.get('ip') }, { listId: id }, parsed.data);
    } catch (error) {
      if (error instanceof ValidationError)
        return savedListPage(
          c,
          seat,
          id,
          { errors: error.fieldErrors, formError: error.message, values },
          400,
        );
      if (error instanceof RateLimitedError)
        return savedListPage(c, seat, id, { formError: error.message, values }, 429);
      throw error;
    }
    return c.redirect(`/supporters/${seat.ownerId}/lists/${id}?saved=sent`, 303);
  });
}
