import type { Context } from 'hono';
import type { AppEnv } from '../../../api/middleware/app-env';
import { NotFoundError } from '../../../api/modules/errors';
import { addNote } from '../../../api/modules/supporters/notes';
import { noteInput, tagInput } from '../../../api/modules/supporters/schema';
import { tagSupporter, untagSupporter } from '../../../api/modules/supporters/tags';
import type { CampaignSeat } from '../../../api/modules/supporters/team';
import { notFoundPage } from '../../render/error-pages';
import { renderPage } from '../../render/render-page';
import { fieldErrors } from '../campaign-dashboard/dashboard-forms';
import { formFields } from '../people/member-pages';
import { PERSON_NOTICES, personPage } from './person-page';
import { idParam } from './team-guard';

type Ctx = Context<AppEnv>;

/** Runs `then` for the supporter named in the path; another campaign's, or none, is the normal 404. */
async function withSupporter(c: Ctx, then: (supporterId: number) => Promise<Response>): Promise<Response> {
  const supporterId = idParam(c, 'supporterId');
  if (supporterId === null) return renderPage(c, notFoundPage());
  try {
    return await then(supporterId);
  } catch (error) {
    if (error instanceof NotFoundError) return renderPage(c, notFoundPage());
    throw error;
  }
}

const back = (seat: CampaignSeat, supporterId: number, saved: string) =>
  `/supporters/${seat.ownerId}/people/${supporterId}?saved=${saved}`;

/** GET /supporters/:ownerId/people/:supporterId */
export function showPerson(c: Ctx, seat: CampaignSeat) {
  const saved = c.req.query('saved');
  return withSupporter(c, (id) =>
    personPage(c, seat, id, { notice: saved ? PERSON_NOTICES[saved] : undefined }),
  );
}

/** POST …/tags: a tag (made when new) on this supporter, by the signed-in team member. */
export function addTag(c: Ctx, seat: CampaignSeat) {
  return withSupporter(c, async (id) => {
    const values = await formFields(c);
    const parsed = tagInput.safeParse(values);
    if (!parsed.success) {
      return personPage(c, seat, id, { section: 'tag', errors: fieldErrors(parsed.error), values }, 400);
    }
    await tagSupporter(c.get('db'), seat.ownerId, c.get('user')!.id, id, parsed.data.tag);
    return c.redirect(back(seat, id, 'tagged'), 303);
  });
}

/** POST …/tags/:tagId/remove */
export function removeTag(c: Ctx, seat: CampaignSeat) {
  return withSupporter(c, async (id) => {
    const tagId = idParam(c, 'tagId');
    if (tagId === null) return renderPage(c, notFoundPage());
    await untagSupporter(c.get('db'), seat.ownerId, id, tagId);
    return c.redirect(back(seat, id, 'untagged'), 303);
  });
}

/** POST …/notes */
export function addNoteForm(c: Ctx, seat: CampaignSeat) {
  return withSupporter(c, async (id) => {
    const values = await formFields(c);
    const parsed = noteInput.safeParse(values);
    if (!parsed.success) {
      return personPage(c, seat, id, { section: 'note', errors: fieldErrors(parsed.error), values }, 400);
    }
    await addNote(c.get('db'), seat.ownerId, c.get('user')!.id, id, parsed.data.body);
    return c.redirect(back(seat, id, 'noted'), 303);
  });
}
