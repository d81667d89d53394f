import { organizerView } from '../../../api/modules/events/organizer';
import type { SignupSource } from '../../../db/schema';
import { DataTable } from '../../components/DataTable';
import { PageHero } from '../../components/PageHero';
import { notFoundPage } from '../../render/error-pages';
import { renderPage } from '../../render/render-page';
import type { RouteContext } from '../../server/page';
import { domainFailure, idParam } from '../job-board/form-results';
import { shiftText } from './event-format';

const SOURCE_TEXT: Record<SignupSource, string> = {
  direct: 'The event’s page',
  invite: 'A friend’s invite link',
  suggested: 'Suggested after another sign-up',
};

/**
 * GET /events/:id/organize: the host's page of one event (issue 51, decision 0101): each shift's
 * places, waitlist and check-in with its roster, CSV and email; sign-ups by source; who invited whom.
 */
export async function showOrganize(c: RouteContext<'/events/:id/organize'>) {
  const user = c.get('user');
  const eventId = idParam(c.req.param('id'));
  if (!user || !eventId) return renderPage(c, notFoundPage());
  let view: Awaited<ReturnType<typeof organizerView>>;
  try {
    view = await organizerView(c.get('db'), user.id, eventId);
  } catch (error) {
    if (!domainFailure(error)) throw error;
    return renderPage(c, notFoundPage());
  }
  c.header('cache-control', 'private, no-store');
  return renderPage(c, {
    meta: { title: `Organize: ${view.title}`, description: 'Rosters, check-in and sign-ups.', noindex: true },
    body: (
      <>
        <PageHero eyebrow="Organize" title={view.title} />
        <div className="page-body event-page">
          {view.status === 'unpublished' && (
            <p className="notice notice--error">
              Campaign HQ staff unpublished this event. Reason: {view.unpublishedReason}
            </p>
          )}
          <p>
            <a href={`/events/${view.id}`}>The event’s page</a> ·{' '}
            <a href="/events/hosting">Events you host</a>
          </p>
          <section aria-labelledby="organize-shifts-heading">
            <h2 id="organize-shifts-heading">Shifts</h2>
            <ul className="event-organize__shifts">
              {view.shifts.map((s) => (
                <li key={s.id}>
                  <strong>{shiftText(s, view.timeZone)}</strong>
                  <span>
                    {`${s.confirmed} of ${s.capacity} places taken · ${s.waitlisted} waiting · ${s.attended} attended · ${s.noShows} no-shows`}
                  </span>
                  <span className="event-organize__links">
                    <a href={`/events/${view.id}/shifts/${s.id}`}>
                      Roster and check-in
                      <span className="visually-hidden">, {shiftText(s, view.timeZone)}</span>
                    </a>
                    <a href={`/events/${view.id}/shifts/${s.id}/roster.csv`} download>
                      CSV<span className="visually-hidden"> of {shiftText(s, view.timeZone)}</span>
                    </a>
                    <a href={`/events/${view.id}/shifts/${s.id}/email`}>
                      Email the volunteers
                      <span className="visually-hidden"> of {shiftText(s, view.timeZone)}</span>
                    </a>
                  </span>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="organize-sources-heading">
            <h2 id="organize-sources-heading">Sign-ups by source</h2>
            <DataTable
              caption="Sign-ups by source"
              testId="signups-by-source"
              headings={['Came from', 'Sign-ups']}
              rows={view.sources.bySource}
              rowKey={(r) => r.source}
              cells={(r) => [SOURCE_TEXT[r.source], r.signups.toLocaleString('en-US')]}
              empty="No sign-ups yet."
            />
          </section>
          <section aria-labelledby="organize-referrers-heading">
            <h2 id="organize-referrers-heading">Invites</h2>
            <DataTable
              caption="People who invited friends"
              testId="referrers"
              headings={['Invited by', 'Friends signed up']}
              rows={view.sources.referrers}
              rowKey={(r) => r.id}
              cells={(r) => [r.name, r.signups.toLocaleString('en-US')]}
              empty="No one has signed up from an invite link yet."
            />
          </section>
        </div>
      </>
    ),
  });
}
