import { eventTypeLabel } from '../../../api/contract/events';
import {
  createEvent,
  decideProposal,
  findHost,
  hostedEvents,
  proposedBy,
} from '../../../api/modules/events/hosting';
import { eventInput } from '../../../api/modules/events/schema';
import { zonedText } from '../../../api/modules/events/zoned-time';
import { PageHero } from '../../components/PageHero';
import { notFoundPage } from '../../render/error-pages';
import { renderPage } from '../../render/render-page';
import type { PageContext, RouteContext } from '../../server/page';
import { domainFailure, first, idParam, postedFields, zodFailure } from '../job-board/form-results';
import { EventForm, type EventFormState, eventFromFields } from './event-form';

const STATUS_TEXT = {
  proposed: 'Waiting for approval',
  published: 'Published',
  declined: 'Declined',
  cancelled: 'Cancelled',
  unpublished: 'Unpublished by staff',
} as const;

/** The host the form is for: `?host=` when a member proposes, else the member themself (if they may host). */
async function hostFor(c: PageContext, rawHost: string | undefined) {
  const user = c.get('user');
  if (!user) return null;
  const hostId = rawHost ? idParam(rawHost) : user.id;
  return hostId ? findHost(c.get('db'), hostId) : null;
}

async function newEventPage(c: PageContext, state: EventFormState) {
  const user = c.get('user');
  const rawHost = c.req.query('host');
  const host = await hostFor(c, rawHost);
  if (!host) {
    return renderPage(c, {
      status: rawHost ? 404 : 200,
      meta: { title: 'Create an event', description: 'Events are hosted by candidates and organizations.' },
      body: (
        <>
          <PageHero eyebrow="Events" title="Create an event" />
          <div className="page-body event-page">
            <p>
              Events are hosted by candidates and organizations. To propose one, open the profile of the
              candidate or organization you want to host it and choose “Propose an event”.
            </p>
            <p>
              <a href="/people">Find candidates and organizations</a>
            </p>
          </div>
        </>
      ),
    });
  }
  const proposing = host.id !== user?.id;
  const action = proposing ? `/events/new?host=${host.id}` : '/events/new';
  return renderPage(c, {
    status: state.status,
    meta: {
      title: proposing ? `Propose an event to ${host.name}` : 'Create an event',
      description: 'A canvass, phone bank, town hall or other event, with shifts people sign up for.',
      noindex: true,
    },
    body: (
      <>
        <PageHero
          eyebrow="Events"
          title={proposing ? `Propose an event to ${host.name}` : 'Create an event'}
        />
        <div className="page-body event-page">
          <EventForm action={action} state={state} hostName={proposing ? host.name : null} />
        </div>
      </>
    ),
  });
}

/** GET /events/new (`?host=` to propose to a candidate or organization). */
export function showNewEvent(c: PageContext) {
  return newEventPage(c, { errors: {}, values: {} });
}

/** POST /events/new: published at once for the host, a proposal for anyone else. */
export async function submitNewEvent(c: PageContext) {
  const user = c.get('user');
  const host = await hostFor(c, c.req.query('host'));
  if (!user || !host) return renderPage(c, notFoundPage());
  const fields = await postedFields(c);
  const values = Object.fromEntries(Object.keys(fields).map((k) => [k, first(fields, k)]));
  const parsed = eventInput.safeParse(eventFromFields(values));
  if (!parsed.success) return newEventPage(c, { ...zodFailure(parsed.error), values });
  try {
    const created = await createEvent(
      { db: c.get('db'), email: c.get('email'), appUrl: c.get('config').appUrl },
      user.id,
      host.id,
      parsed.data,
    );
    return c.redirect(
      `/events/${created.id}?done=${created.status === 'published' ? 'created' : 'proposed'}`,
      303,
    );
  } catch (error) {
    const failure = domainFailure(error);
    if (!failure) throw error;
    return newEventPage(c, { ...failure, values });
  }
}

/** GET /events/hosting: the events a member hosts (with proposals to approve) and the ones they proposed. */
export async function showHosting(c: PageContext) {
  const user = c.get('user');
  if (!user) return renderPage(c, notFoundPage());
  const db = c.get('db');
  const [hosted, proposed, canHost] = await Promise.all([
    hostedEvents(db, user.id),
    proposedBy(db, user.id),
    findHost(db, user.id),
  ]);
  const done = c.req.query('done');
  return renderPage(c, {
    meta: {
      title: 'Events you host',
      description: 'Your events and the proposals waiting for you.',
      noindex: true,
    },
    body: (
      <>
        <PageHero eyebrow="Events" title="Events you host" />
        <div className="page-body event-page">
          {done && (
            <p className="notice notice--success" role="status">
              {done === 'approved' ? 'The event is published.' : 'The proposal is declined.'}
            </p>
          )}
          {canHost && (
            <p>
              <a className="button button--primary" href="/events/new">
                Create an event
              </a>
            </p>
          )}
          <section aria-labelledby="hosted-heading">
            <h2 id="hosted-heading">Hosted by you</h2>
            {hosted.length === 0 ? (
              <p>None yet.</p>
            ) : (
              <ul className="event-hosting">
                {hosted.map((e) => (
                  <li key={e.id}>
                    <a href={`/events/${e.id}`}>{e.title}</a> · {eventTypeLabel(e.type)} ·{' '}
                    {zonedText(new Date(e.starts_at), e.time_zone)} · {STATUS_TEXT[e.status]}
                    {e.status !== 'proposed' && e.status !== 'declined' && (
                      <>
                        {' · '}
                        <a href={`/events/${e.id}/organize`}>
                          Organize<span className="visually-hidden"> {e.title}</span>
                        </a>
                      </>
                    )}
                    {e.status === 'proposed' && (
                      <>
                        {e.proposer_name ? ` (proposed by ${e.proposer_name})` : ''}
                        <span className="event-hosting__decide">
                          <form method="post" action={`/events/${e.id}/decide`}>
                            <input type="hidden" name="decision" value="approve" />
                            <button type="submit" className="button button--small button--primary">
                              Approve<span className="visually-hidden"> {e.title}</span>
                            </button>
                          </form>
                          <form method="post" action={`/events/${e.id}/decide`}>
                            <input type="hidden" name="decision" value="decline" />
                            <button type="submit" className="button button--small">
                              Decline<span className="visually-hidden"> {e.title}</span>
                            </button>
                          </form>
                        </span>
                      </>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
          {proposed.length > 0 && (
            <section aria-labelledby="proposed-heading">
              <h2 id="proposed-heading">Proposed by you</h2>
              <ul className="event-hosting">
                {proposed.map((e) => (
                  <li key={e.id}>
                    <a href={`/events/${e.id}`}>{e.title}</a> ·{' '}
                    {zonedText(new Date(e.starts_at), e.time_zone)} · {STATUS_TEXT[e.status]}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      </>
    ),
  });
}

/** POST /events/:id/decide: the host approves or declines a proposal. */
export async function decideFromForm(c: RouteContext<'/events/:id/decide'>) {
  const user = c.get('user');
  const eventId = idParam(c.req.param('id'));
  if (!user || !eventId) return renderPage(c, notFoundPage());
  const fields = await postedFields(c);
  const decision = first(fields, 'decision') === 'approve' ? 'approve' : 'decline';
  try {
    await decideProposal(c.get('db'), user.id, eventId, decision);
  } catch (error) {
    if (!domainFailure(error)) throw error;
    return renderPage(c, notFoundPage());
  }
  return c.redirect(`/events/hosting?done=${decision === 'approve' ? 'approved' : 'declined'}`, 303);
}
