import { wakeEventMessages } from '../../../api/modules/events/message-queue';
import { nextSteps } from '../../../api/modules/events/referrals';
import { readSignupToken, signupPath } from '../../../api/modules/events/signup-links';
import { cancelShift, ownSignup, signupView } from '../../../api/modules/events/signups';
import { PageHero } from '../../components/PageHero';
import { notFoundPage } from '../../render/error-pages';
import { renderPage } from '../../render/render-page';
import type { PageContext, RouteContext } from '../../server/page';
import { FormError } from '../job-board/form-error';
import { domainFailure, first, idParam, postedFields } from '../job-board/form-results';
import { NextSteps } from './next-steps';
import { ShiftList } from './shift-list';

const NOTICES: Record<string, string> = {
  'signed-up': 'You are signed up. A confirmation is on its way to your email; it has this page’s link too.',
  cancelled: 'Your shift is cancelled.',
};

/**
 * The page a sign-up's signed link opens (a guest's way back, from every email): the event, the
 * shifts and their status, the virtual link, and Cancel. The token names the sign-up only (decision
 * 0092); the page sends no Referer to another site, so the link never leaves with a click.
 */
async function signupPage(c: PageContext, token: string, formError?: string, status?: number) {
  // 'same-origin', not 'no-referrer': the link never leaves with a click to another site, and the
  // page's own Cancel form still carries its Origin (no-referrer sends "null", which
  // api/middleware/same-origin-writes.ts refuses as cross-site).
  c.header('Referrer-Policy', 'same-origin');
  c.header('cache-control', 'private, no-store');
  const id = readSignupToken(c.get('config').appSecret, token);
  const signup = id ? await signupView(c.get('db'), id) : null;
  if (!signup) return renderPage(c, notFoundPage());
  const notice = NOTICES[c.req.query('done') ?? ''];
  const active = signup.shifts.some((s) => s.status !== 'cancelled');
  const steps = active ? await nextSteps(c.get('db'), signup.id) : null;
  return renderPage(c, {
    status,
    meta: {
      title: `Your sign-up: ${signup.title}`,
      description: 'Your shifts for this event.',
      noindex: true,
    },
    body: (
      <>
        <PageHero eyebrow="Your sign-up" title={signup.title} lead={`For ${signup.name}`} />
        <div className="page-body event-page">
          {notice && (
            <p className="notice notice--success" role="status">
              {notice}
            </p>
          )}
          <FormError message={formError} />
          <p>
            Where: {signup.address}
            {signup.virtualUrl && (
              <>
                {' · '}
                <a href={signup.virtualUrl} rel="noopener noreferrer">
                  Join online
                </a>
              </>
            )}
          </p>
          <h2>Your shifts</h2>
          <ShiftList
            shifts={signup.shifts}
            timeZone={signup.timeZone}
            action={`${signupPath(token)}/cancel`}
          />
          <p>
            <a href={`/events/${signup.eventId}`}>The event’s page</a>
          </p>
          {steps && <NextSteps steps={steps} appUrl={c.get('config').appUrl} />}
        </div>
      </>
    ),
  });
}

/** GET /events/signups/:token */
export function showSignup(c: RouteContext<'/events/signups/:token'>) {
  return signupPage(c, c.req.param('token'));
}

/** POST /events/signups/:token/cancel: the signed link is the proof (no account needed). */
export async function cancelBySignedLink(c: RouteContext<'/events/signups/:token/cancel'>) {
  const token = c.req.param('token');
  const signupId = readSignupToken(c.get('config').appSecret, token);
  if (!signupId) return renderPage(c, notFoundPage());
  const fields = await postedFields(c);
  const shiftId = idParam(first(fields, 'shiftId'));
  if (!shiftId) return signupPage(c, token, 'Choose a shift to cancel.', 400);
  try {
    await cancelShift(c.get('db'), signupId, shiftId);
  } catch (error) {
    const failure = domainFailure(error);
    if (!failure) throw error;
    return signupPage(c, token, failure.formError, failure.status);
  }
  await wakeEventMessages(c.get('jobs'));
  return c.redirect(`${signupPath(token)}?done=cancelled`, 303);
}

/** POST /events/mine/:signupId/cancel: a member cancels a shift of their own sign-up. */
export async function cancelFromMyEvents(c: RouteContext<'/events/mine/:signupId/cancel'>) {
  const user = c.get('user');
  if (!user) return c.redirect('/signin', 303);
  const fields = await postedFields(c);
  const shiftId = idParam(first(fields, 'shiftId'));
  const rawSignup = idParam(c.req.param('signupId'));
  // Only an event page of this site, never an address from outside.
  const returnTo = /^\/events\/[0-9]+$/.test(first(fields, 'returnTo'))
    ? first(fields, 'returnTo')
    : '/events/mine';
  if (!shiftId || !rawSignup) return renderPage(c, notFoundPage());
  try {
    const signupId = await ownSignup(c.get('db'), user.id, rawSignup);
    await cancelShift(c.get('db'), signupId, shiftId);
  } catch (error) {
    const failure = domainFailure(error);
    if (!failure) throw error;
    return renderPage(c, notFoundPage());
  }
  await wakeEventMessages(c.get('jobs'));
  return c.redirect(`${returnTo}?done=cancelled`, 303);
}
