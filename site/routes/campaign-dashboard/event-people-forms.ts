import type { Context } from 'hono';
import type { SessionUser } from '../../../api/contract/session-user';
import type { AppEnv } from '../../../api/middleware/app-env';
import {
  eventPeopleEmailInput,
  previewEventPeopleEmail,
  sendEventPeopleEmail,
} from '../../../api/modules/campaign-dashboard/event-outreach';
import { RateLimitedError, ValidationError } from '../../../api/modules/errors';
import { formFields } from '../people/member-pages';
import { fieldErrors } from './dashboard-forms';
import { outreachDeps } from './outreach-forms';
import { outreachPage } from './outreach-page';

/**
 * POST /campaign-dashboard/outreach/event-emails (decision 0101): intent=preview counts and shows
 * the email; intent=send queues it to the people of the candidate's own events.
 */
export async function emailEventPeople(c: Context<AppEnv>, candidate: SessionUser) {
  const values = await formFields(c);
  const section = 'event-people' as const;
  const parsed = eventPeopleEmailInput.safeParse(values);
  if (!parsed.success) {
    return outreachPage(c, candidate, { section, errors: fieldErrors(parsed.error), values }, 400);
  }
  const deps = outreachDeps(c);

  try {
    if (values.intent === 'preview') {
      const preview = await previewEventPeopleEmail(deps, candidate.id, parsed.data);
      return outreachPage(c, candidate, {
        section,
        values,
        preview: { ...preview, text: preview.preview?.text ?? null },
      });
    }
    await sendEventPeopleEmail(deps, { id: candidate.id, ip: c.get('ip') }, parsed.data);
  } catch (error) {
    if (error instanceof ValidationError) {
      const formError = error.fieldErrors.audience?.join(' ') ?? error.message;
      return outreachPage(c, candidate, { section, errors: error.fieldErrors, formError, values }, 400);
    }
    if (error instanceof RateLimitedError)
      return outreachPage(c, candidate, { section, formError: error.message, values }, 429);
    throw error;
  }
  return c.redirect('/campaign-dashboard/outreach?saved=sent', 303);
}
