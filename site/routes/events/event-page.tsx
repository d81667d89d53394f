import { eventTypeLabel } from '../../../api/contract/events';
import { eventCalendar } from '../../../api/modules/events/calendar';
import { eventJsonLd } from '../../../api/modules/events/json-ld';
import { wakeEventMessages } from '../../../api/modules/events/message-queue';
import { nextSteps, readInviteCode } from '../../../api/modules/events/referrals';
import { signupInput } from '../../../api/modules/events/schema';
import { signupPath, signupToken } from '../../../api/modules/events/signup-links';
import { signUp } from '../../../api/modules/events/signups';
import { type EventView, eventForViewer } from '../../../api/modules/events/views';
import { ownUserRow } from '../../../api/modules/people/own-user';
import { JsonLd } from '../../components/JsonLd';
import { PageHero } from '../../components/PageHero';
import { notFoundPage } from '../../render/error-pages';
import { renderPage } from '../../render/render-page';
import type { PageContext, RouteContext } from '../../server/page';
import { domainFailure, first, idParam, postedFields, zodFailure } from '../job-board/form-results';
import { Paragraphs } from '../job-board/paragraphs';
import { shiftText } from './event-format';
import { MySignup } from './my-signup';
import { NextSteps } from './next-steps';
import { SignupForm, type SignupFormState, type SignupOrigin } from './signup-form';

const NOTICES: Record<string, string> = {
  'signed-up': 'You are signed up. A confirmation is on its way to your email.',
  cancelled: 'Your shift is cancelled.',
  created: 'Your event is published.',
  proposed: 'Your proposal is sent. The host decides whether to publish it.',
};

const STATUS_LEADS: Record<string, string> = {
  proposed: 'Proposed: waiting for the host to approve it.',
  declined: 'The host declined this proposal.',
  cancelled: 'This event is cancelled.',
  unpublished: 'Campaign HQ staff unpublished this event: only you see it.',
};

/** How the visitor came (decision 0101): a friend's invite code, or 'suggested' after another sign-up. */
function originOf(invite: string | undefined, source: string | undefined): SignupOrigin {
  return { invite: readInviteCode(invite), source: source === 'suggested' ? 'suggested' : null };
}

/** The `?key=` of a private link, as given (checked by the module). */
const keyOf = (c: PageContext) => c.req.query('key')?.slice(0, 64) ?? null;

async function viewOf(c: PageContext, rawId: string, key: string | null) {
  const id = idParam(rawId);
  return id ? eventForViewer(c.get('db'), id, c.get('user')?.id ?? null, key) : null;
}

/** The event's page; `state` re-shows a refused sign-up. */
async function eventPage(
  c: PageContext,
  event: EventView,
  key: string | null,
  state: SignupFormState | null,
  origin: SignupOrigin = { invite: null, source: null },
) {
  const user = c.get('user');
  const appUrl = c.get('config').appUrl;
  const notice = NOTICES[c.req.query('done') ?? ''];
  const signedUp = event.viewerSignup?.shifts.some((s) => s.status !== 'cancelled') ?? false;
  const published = event.status === 'published';
  const keyQuery = key ? `?key=${encodeURIComponent(key)}` : '';
  const steps = signedUp && event.viewerSignup ? await nextSteps(c.get('db'), event.viewerSignup.id) : null;
  let formState = state;
  if (!formState) {
    const own = user ? await ownUserRow(c.get('db'), user.id) : null;
    formState = { errors: {}, values: own ? { name: user?.name ?? '', email: own.email } : {} };
  }
  return renderPage(c, {
    status: state?.status,
    meta: {
      title: event.title,
      description: `${eventTypeLabel(event.type)} hosted by ${event.hostName}, ${shiftText(event, event.timeZone)}, ${event.address}.`,
      canonicalPath: `/events/${event.id}`,
      // Only public, published events are for search engines.
      noindex: !published || event.visibility !== 'public',
    },
    body: (
      <>
        {published && event.visibility === 'public' && <JsonLd data={eventJsonLd(event, appUrl)} />}
        <PageHero
          eyebrow={`${eventTypeLabel(event.type)} · ${event.hostName}`}
          title={event.title}
          lead={STATUS_LEADS[event.status] ?? shiftText(event, event.timeZone)}
        />
        <div className="page-body event-page">
          {notice && (
            <p className="notice notice--success" role="status">
              {notice}
            </p>
          )}
          <dl className="event-page__facts">
            <dt>Host</dt>
            <dd>
              <a href={event.hostPath}>{event.hostName}</a>
            </dd>
            <dt>Where</dt>
            <dd>
              {event.address} ({event.state} {event.zip})
            </dd>
            {event.hasVirtualLink && (
              <>
                <dt>Online</dt>
                <dd>
                  {event.virtualUrl ? (
                    <a href={event.virtualUrl} rel="noopener noreferrer">
                      Join online
                    </a>
                  ) : (
                    'The link to join online is sent to people who sign up.'
                  )}
                </dd>
              </>
            )}
            {event.accessibilityNotes && (
              <>
                <dt>Accessibility</dt>
                <dd>{event.accessibilityNotes}</dd>
              </>
            )}
          </dl>
          <section aria-labelledby="event-about-heading">
            <h2 id="event-about-heading">About</h2>
            <Paragraphs text={event.description} />
          </section>
          <p>
            <a className="button" href={`/events/${event.id}/calendar.ics${keyQuery}`} download>
              Add to calendar (.ics)
            </a>
          </p>
          {event.viewerIsHost && event.shareKey && event.visibility === 'private' && (
            <p className="event-page__share">
              Private link to share: <code>{`${appUrl}/events/${event.id}?key=${event.shareKey}`}</code>
            </p>
          )}
          {event.viewerIsHost && event.status !== 'proposed' && event.status !== 'declined' && (
            <p>
              <a className="button button--primary" href={`/events/${event.id}/organize`}>
                Organize: rosters, check-in, sign-ups
              </a>
            </p>
          )}
          {signedUp && event.viewerSignup && <MySignup event={event} signupId={event.viewerSignup.id} />}
          {steps && <NextSteps steps={steps} appUrl={appUrl} />}
          {published && !event.viewerIsHost && (
            <SignupForm
              event={event}
              shareKey={key}
              origin={origin}
              state={formState}
              heading={signedUp ? 'Sign up for another shift' : 'Sign up'}
              exclude={
                new Set(
                  (event.viewerSignup?.shifts ?? [])
                    .filter((s) => s.status !== 'cancelled')
                    .map((s) => s.shiftId),
                )
              }
            />
          )}
        </div>
      </>
    ),
  });
}

/** GET /events/:id (`?key=` for a private link). */
export async function showEvent(c: RouteContext<'/events/:id'>) {
  const key = keyOf(c);
  const event = await viewOf(c, c.req.param('id'), key);
  if (!event) return renderPage(c, notFoundPage());
  return eventPage(c, event, key, null, originOf(c.req.query('invite'), c.req.query('from')));
}

/** GET /events/:id/calendar.ics: the shifts for a calendar, as the viewer may see them. */
export async function downloadCalendar(c: RouteContext<'/events/:id/calendar.ics'>) {
  const event = await viewOf(c, c.req.param('id'), keyOf(c));
  if (event?.status !== 'published') return renderPage(c, notFoundPage());
  c.header('content-type', 'text/calendar; charset=utf-8');
  c.header('content-disposition', `attachment; filename="event-${event.id}.ics"`);
  // The virtual link may be in it: never stored by a shared cache.
  c.header('cache-control', 'private, no-store');
  return c.body(eventCalendar(event, c.get('config').appUrl));
}

/**
 * POST /events/:id/signup, a plain form (no JavaScript): a member goes back to the event page,
 * a guest to the signed page of their sign-up (its link is also in the confirmation email).
 */
export async function signupFromForm(c: RouteContext<'/events/:id/signup'>) {
  const user = c.get('user');
  const fields = await postedFields(c);
  const key = first(fields, 'key') || null;
  const values = {
    name: first(fields, 'name'),
    email: first(fields, 'email'),
    zip: first(fields, 'zip'),
    phone: first(fields, 'phone'),
    shiftIds: fields.shiftIds ?? [],
  };
  const event = await viewOf(c, c.req.param('id'), key);
  if (event?.status !== 'published') return renderPage(c, notFoundPage());
  const origin = originOf(first(fields, 'invite'), first(fields, 'source'));
  const parsed = signupInput.safeParse({
    ...values,
    eventId: event.id,
    shiftIds: values.shiftIds.map(Number),
    smsConsent: first(fields, 'smsConsent') === '1',
    ...origin,
  });
  if (!parsed.success) {
    const failure = zodFailure(parsed.error);
    return eventPage(c, event, key, { ...failure, values }, origin);
  }
  let signupId: number;
  try {
    signupId = (await signUp(c.get('db'), { userId: user?.id ?? null, ip: c.get('ip') }, parsed.data, key))
      .signupId;
  } catch (error) {
    const failure = domainFailure(error);
    if (!failure) throw error;
    return eventPage(c, event, key, { ...failure, values }, origin);
  }
  await wakeEventMessages(c.get('jobs'));
  if (user) return c.redirect(`/events/${event.id}?done=signed-up`, 303);
  return c.redirect(`${signupPath(signupToken(c.get('config').appSecret, signupId))}?done=signed-up`, 303);
}
