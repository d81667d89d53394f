import type { Context } from 'hono';
import type { SessionUser } from '../../../api/contract/session-user';
import type { AppEnv } from '../../../api/middleware/app-env';
import { committeeOf, saveCommittee } from '../../../api/modules/fec-reports/committee';
import { committeeInput } from '../../../api/modules/fec-reports/committee-schema';
import { formFields } from '../people/member-pages';
import { committeePage } from './committee-page';
import { fieldErrors } from './dashboard-forms';

type Ctx = Context<AppEnv>;

/** GET /campaign-dashboard/committee: the candidate's own committee details. */
export async function showCommittee(c: Ctx, candidate: SessionUser) {
  const committee = await committeeOf(c.get('db'), candidate.id);
  const notice = c.req.query('saved') ? 'Your committee details are saved.' : undefined;
  return committeePage(c, committee, { notice });
}

/** POST /campaign-dashboard/committee: each refused field says why, beside it (400). */
export async function saveCommitteeDetails(c: Ctx, candidate: SessionUser) {
  const values = await formFields(c);
  const parsed = committeeInput.safeParse(values);
  if (!parsed.success) {
    const committee = await committeeOf(c.get('db'), candidate.id);
    return committeePage(c, committee, { errors: fieldErrors(parsed.error), values }, 400);
  }
  await saveCommittee(c.get('db'), candidate.id, parsed.data);
  return c.redirect('/campaign-dashboard/committee?saved=1', 303);
}
