import type { Context } from 'hono';
import type { SessionUser } from '../../../api/contract/session-user';
import type { AppEnv } from '../../../api/middleware/app-env';
import {
  createOutreachCampaign,
  previewSupporterEmail,
  sendSupporterEmail,
} from '../../../api/modules/campaign-dashboard/outreach';
import { outreachCampaignInput, supporterEmailInput } from '../../../api/modules/campaign-dashboard/schema';
import { RateLimitedError, ValidationError } from '../../../api/modules/errors';
import { appMassEmailAudiences } from '../../../api/modules/mass-email-audiences';
import { formFields } from '../people/member-pages';
import { fieldErrors } from './dashboard-forms';
import { OUTREACH_NOTICES, outreachPage } from './outreach-page';

type Ctx = Context<AppEnv>;

/** What a member's mass email needs from the request (also the event emails, decision 0101). */
export function outreachDeps(c: Ctx) {
  const config = c.get('config');
  return {
    db: c.get('db'),
    jobs: c.get('jobs'),
    audiences: appMassEmailAudiences(),
    links: config,
  };
}

/** GET /campaign-dashboard/outreach */
export function showOutreach(c: Ctx, candidate: SessionUser) {
  const saved = c.req.query('saved');
  return outreachPage(c, candidate, { notice: saved ? OUTREACH_NOTICES[saved] : undefined });
}

/** A refused form: the page again with its errors and what was typed (400, or 429 when rate limited). */
function refused(
  c: Ctx,
  candidate: SessionUser,
  section: 'campaign' | 'email',
  values: Record<string, string>,
  error: unknown,
) {
  if (error instanceof ValidationError)
    return outreachPage(
      c,
      candidate,
      { section, errors: error.fieldErrors, formError: error.message, values },
      400,
    );
  if (error instanceof RateLimitedError)
    return outreachPage(c, candidate, { section, formError: error.message, values }, 429);
  throw error;
}

/** POST /campaign-dashboard/outreach/campaigns: a SocialMedia or GOTV campaign of the candidate's own. */
export async function addOutreachCampaign(c: Ctx, candidate: SessionUser) {
  const values = await formFields(c);
  const parsed = outreachCampaignInput.safeParse(values);
  if (!parsed.success) {
    return outreachPage(
      c,
      candidate,
      { section: 'campaign', errors: fieldErrors(parsed.error), values },
      400,
    );
  }
  try {
    await createOutreachCampaign(c.get('db'), candidate.id, parsed.data);
  } catch (error) {
    return refused(c, candidate, 'campaign', values, error);
  }
  return c.redirect('/campaign-dashboard/outreach?saved=campaign', 303);
}

/**
 * POST /campaign-dashboard/outreach/emails: intent=preview shows the count and the email as the
 * first recipient reads it; intent=send queues it against the month's allowance.
 */
export async function emailSupporters(c: Ctx, candidate: SessionUser) {
  const values = await formFields(c);
  const parsed = supporterEmailInput.safeParse(values);
  if (!parsed.success) {
    return outreachPage(c, candidate, { section: 'email', errors: fieldErrors(parsed.error), values }, 400);
  }
  try {
    if (values.intent === 'preview') {
      const preview = await previewSupporterEmail(outreachDeps(c), candidate.id, parsed.data);
      return outreachPage(c, candidate, {
        section: 'email',
        values,
        preview: { ...preview, text: preview.preview?.text ?? null },
      });
    }
    await sendSupporterEmail(outreachDeps(c), { id: candidate.id, ip: c.get('ip') }, parsed.data);
  } catch (error) {
    return refused(c, candidate, 'email', values, error);
  }
  return c.redirect('/campaign-dashboard/outreach?saved=sent', 303);
}
