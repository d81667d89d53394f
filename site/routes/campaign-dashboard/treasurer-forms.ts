import type { Context } from 'hono';
import type { SessionUser } from '../../../api/contract/session-user';
import type { AppEnv } from '../../../api/middleware/app-env';
import { ValidationError } from '../../../api/modules/errors';
import { campaignTimeZone } from '../../../api/modules/fec-reports/committee';
import {
  liveTreasurers,
  nameTreasurer,
  revokeTreasurer,
  treasurerInput,
} from '../../../api/modules/fec-reports/treasurers';
import { deliverAfterCommit } from '../../../api/ports/email';
import { formFields } from '../people/member-pages';
import { fieldErrors } from './dashboard-forms';
import { treasurersPage } from './treasurers-page';

type Ctx = Context<AppEnv>;

const NOTICES: Record<string, string> = {
  named: 'Your treasurer is named and emailed.',
  revoked: 'The treasurer no longer sees your campaign.',
};

/** The page with the candidate's treasurers as they are now, its dates on the campaign's clock. */
async function pageOf(
  c: Ctx,
  candidateId: number,
  state: Parameters<typeof treasurersPage>[3],
  status = 200,
) {
  const db = c.get('db');
  const [treasurers, zone] = await Promise.all([
    liveTreasurers(db, candidateId),
    campaignTimeZone(db, candidateId),
  ]);
  return treasurersPage(c, treasurers, zone, state, status);
}

/** GET /campaign-dashboard/treasurers */
export async function showTreasurers(c: Ctx, candidate: SessionUser) {
  const saved = c.req.query('saved');
  return pageOf(c, candidate.id, { notice: saved ? NOTICES[saved] : undefined });
}

/** POST /campaign-dashboard/treasurers: names a member by email (audited, emailed). */
export async function addTreasurer(c: Ctx, candidate: SessionUser) {
  const values = await formFields(c);
  const db = c.get('db');
  const parsed = treasurerInput.safeParse(values);
  const refuse = (errors: Record<string, string[]>) => pageOf(c, candidate.id, { errors, values }, 400);
  if (!parsed.success) return refuse(fieldErrors(parsed.error));
  const email = c.get('email');
  try {
    await nameTreasurer(
      db,
      email,
      { id: candidate.id, name: candidate.name },
      parsed.data.email,
      c.get('config').appUrl,
    );
  } catch (error) {
    if (error instanceof ValidationError) return refuse(error.fieldErrors);
    throw error;
  }
  await deliverAfterCommit(db, email);
  return c.redirect('/campaign-dashboard/treasurers?saved=named', 303);
}

/** POST /campaign-dashboard/treasurers/:id/revoke: one of the candidate's own; any other id is the normal 404. */
export async function removeTreasurer(c: Ctx, candidate: SessionUser) {
  const id = c.req.param('id') ?? '';
  if (!/^\d{1,9}$/.test(id) || !(await revokeTreasurer(c.get('db'), candidate.id, Number(id))))
    return c.notFound();
  return c.redirect('/campaign-dashboard/treasurers?saved=revoked', 303);
}
