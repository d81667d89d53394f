import { myEvents } from '../../../api/modules/events/signups';
import { PageHero } from '../../components/PageHero';
import { renderPage } from '../../render/render-page';
import type { PageContext } from '../../server/page';
import { ShiftList } from './shift-list';

/** GET /events/mine: the member's sign-ups, events to come first, each shift cancellable. */
export async function showMyEvents(c: PageContext) {
  const user = c.get('user');
  const signups = user ? await myEvents(c.get('db'), user.id) : [];
  const cancelled = c.req.query('done') === 'cancelled';
  return renderPage(c, {
    meta: { title: 'My events', description: 'The events you signed up for.', noindex: true },
    body: (
      <>
        <PageHero eyebrow="Events" title="My events" lead="The shifts you signed up for." />
        <div className="page-body event-page">
          {cancelled && (
            <p className="notice notice--success" role="status">
              Your shift is cancelled.
            </p>
          )}
          {signups.length === 0 ? (
            <p>
              You have not signed up for an event yet. <a href="/events">Find events</a>
            </p>
          ) : (
            signups.map((s) => (
              <section key={s.id} aria-labelledby={`my-event-${s.id}`} className="event-mine">
                <h2 id={`my-event-${s.id}`}>
                  <a href={`/events/${s.eventId}`}>{s.title}</a>
                </h2>
                <ShiftList shifts={s.shifts} timeZone={s.timeZone} action={`/events/mine/${s.id}/cancel`} />
              </section>
            ))
          )}
          <p>
            <a href="/events/hosting">Events you host or proposed</a>
          </p>
        </div>
      </>
    ),
  });
}
