import type { Context } from 'hono';
import type { z } from 'zod';
import { lastDays } from '../../../api/contract/day-ranges';
import type { SessionUser } from '../../../api/contract/session-user';
import type { AppEnv } from '../../../api/middleware/app-env';
import { archiveCampaign, createCampaign } from '../../../api/modules/campaign-dashboard/campaigns';
import { saveElectionDates } from '../../../api/modules/campaign-dashboard/elections';
import {
  campaignInput,
  dayRangeQuery,
  electionDatesInput,
} from '../../../api/modules/campaign-dashboard/schema';
import { pitchInput, saveCandidatePitch } from '../../../api/modules/donations/giving-pitch';
import { NotFoundError, RateLimitedError } from '../../../api/modules/errors';
import { formFields } from '../people/member-pages';
import { DASHBOARD_NOTICES, dashboardPage } from './dashboard-page';

type Ctx = Context<AppEnv>;

/** zod's issues as the page's field errors, the first message of each field. */
export const fieldErrors = (error: z.ZodError) =>
  Object.fromEntries(
    error.issues.map((i) => [String(i.path[0] ?? 'form'), [i.message]] as [string, string[]]).reverse(),
  );

/** GET /campaign-dashboard?from=&to=: a bad range shows the page with the range's errors. */
export function showDashboard(c: Ctx, candidate: SessionUser) {
  const parsed = dayRangeQuery.safeParse({ from: c.req.query('from'), to: c.req.query('to') });
  const saved = c.req.query('saved');
  const notice = saved ? DASHBOARD_NOTICES[saved] : undefined;
  if (!parsed.success) {
    return dashboardPage(
      c,
      candidate,
      lastDays(),
      { section: 'range', errors: fieldErrors(parsed.error) },
      400,
    );
  }
  return dashboardPage(c, candidate, parsed.data, { notice });
}

async function handle<S extends z.ZodType>(
  c: Ctx,
  candidate: SessionUser,
  section: 'elections' | 'campaign' | 'pitch',
  schema: S,
  run: (input: z.infer<S>) => Promise<unknown>,
  saved: string,
) {
  const values = await formFields(c);
  const parsed = schema.safeParse(values);
  if (!parsed.success) {
    return dashboardPage(
      c,
      candidate,
      lastDays(),
      { section, errors: fieldErrors(parsed.error as z.ZodError), values },
      400,
    );
  }
  try {
    await run(parsed.data);
  } catch (error) {
    if (!(error instanceof RateLimitedError)) throw error;
    return dashboardPage(c, candidate, lastDays(), { section, formError: error.message, values }, 429);
  }
  return c.redirect(`/campaign-dashboard?saved=${saved}`, 303);
}

export function saveElections(c: Ctx, candidate: SessionUser) {
  return handle(
    c,
    candidate,
    'elections',
    electionDatesInput,
    (input) => saveElectionDates(c.get('db'), candidate.id, input),
    'elections',
  );
}

export function addCampaign(c: Ctx, candidate: SessionUser) {
  return handle(
    c,
    candidate,
    'campaign',
    campaignInput,
    (input) => createCampaign(c.get('db'), candidate.id, input),
    'campaign',
  );
}

/** Archives one of the candidate's own campaigns; any other id is the normal 404. */
export async function archiveOwnCampaign(c: Ctx, candidate: SessionUser) {
  const id = c.req.param('id') ?? '';
  if (!/^\d{1,9}$/.test(id)) return c.notFound();
  try {
    await archiveCampaign(c.get('db'), candidate.id, Number(id));
  } catch (error) {
    if (error instanceof NotFoundError) return c.notFound();
    throw error;
  }
  return c.redirect('/campaign-dashboard?saved=archived', 303);
}

/** POST /campaign-dashboard/pitch: the pitch on the candidate's donation page. */
export function savePitch(c: Ctx, candidate: SessionUser) {
  return handle(
    c,
    candidate,
    'pitch',
    pitchInput,
    (input) => saveCandidatePitch(c.get('db'), candidate.id, input.pitch),
    'pitch',
  );
}
