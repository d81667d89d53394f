import { csvLine } from '../../../api/doors/rest/lists/csv';
import { checkInInput, markAttendance } from '../../../api/modules/events/check-in';
import {
  ATTENDANCE_TEXT,
  ROSTER_COLUMNS,
  type RosterPerson,
  rosterCsvRows,
  type ShiftRoster,
  shiftRoster,
} from '../../../api/modules/events/roster';
import { PageHero } from '../../components/PageHero';
import { notFoundPage } from '../../render/error-pages';
import { renderPage } from '../../render/render-page';
import type { PageContext, RouteContext } from '../../server/page';
import { FormError } from '../job-board/form-error';
import { domainFailure, first, idParam, postedFields } from '../job-board/form-results';
import { shiftText } from './event-format';

type ShiftPath = '/events/:id/shifts/:shiftId';

/** The host's shift named by the URL, or null (anyone else: not found). */
async function rosterOf(c: PageContext, rawEvent: string, rawShift: string): Promise<ShiftRoster | null> {
  const user = c.get('user');
  const eventId = idParam(rawEvent);
  const shiftId = idParam(rawShift);
  if (!user || !eventId || !shiftId) return null;
  try {
    return await shiftRoster(c.get('db'), user.id, eventId, shiftId);
  } catch (error) {
    if (!domainFailure(error)) throw error;
    return null;
  }
}

/** One person: contact details, the mark so far, and two buttons, one plain form post each (no JavaScript). */
function PersonCard({ person, action, place }: { person: RosterPerson; action: string; place?: number }) {
  return (
    <li id={`person-${person.id}`} className="event-roster__person">
      <p>
        <strong>{person.name}</strong>
        {place !== undefined && ` · waitlist #${place}`}
      </p>
      <p className="event-roster__contact">
        <a href={`mailto:${person.email}`}>{person.email}</a>
        {person.phone && <a href={`tel:${person.phone.replace(/[^+0-9]/g, '')}`}>{person.phone}</a>}
      </p>
      <p>
        Check-in: <strong>{person.attendance ? ATTENDANCE_TEXT[person.attendance] : 'Not marked'}</strong>
      </p>
      <form method="post" action={action} className="event-roster__mark">
        <input type="hidden" name="shiftSignupId" value={person.id} />
        <input type="hidden" name="was" value={person.attendance ?? ''} />
        <button
          type="submit"
          name="attendance"
          value="attended"
          className="button button--primary"
          disabled={person.attendance === 'attended'}
        >
          Attended<span className="visually-hidden"> for {person.name}</span>
        </button>
        <button
          type="submit"
          name="attendance"
          value="no_show"
          className="button"
          disabled={person.attendance === 'no_show'}
        >
          No-show<span className="visually-hidden"> for {person.name}</span>
        </button>
      </form>
    </li>
  );
}

/** The roster and check-in, sized for a phone: a card per person, not a wide table. */
function rosterPage(c: PageContext, roster: ShiftRoster, formError?: string, status?: number) {
  c.header('cache-control', 'private, no-store');
  const base = `/events/${roster.eventId}/shifts/${roster.shift.id}`;
  const markedId = Number(c.req.query('marked'));
  const marked = [...roster.confirmed, ...roster.waitlisted].find((p) => p.id === markedId);
  const when = shiftText(roster.shift, roster.timeZone);
  return renderPage(c, {
    status,
    meta: {
      title: `Roster: ${roster.title}`,
      description: 'Sign-ups, waitlist and check-in.',
      noindex: true,
    },
    body: (
      <>
        <PageHero eyebrow="Roster and check-in" title={roster.title} lead={when} />
        <div className="page-body event-page event-roster">
          {marked?.attendance && (
            <p className="notice notice--success" role="status">
              {`${marked.name}: ${ATTENDANCE_TEXT[marked.attendance]}.`}
            </p>
          )}
          <FormError message={formError} />
          <p>
            <a href={`/events/${roster.eventId}/organize`}>Back to the event</a> ·{' '}
            <a href={`${base}/roster.csv`} download>
              Download the roster (CSV)
            </a>{' '}
            · <a href={`${base}/email`}>Email the volunteers</a>
          </p>
          <section aria-labelledby="roster-confirmed-heading">
            <h2 id="roster-confirmed-heading">
              Signed up ({roster.confirmed.length} of {roster.shift.capacity})
            </h2>
            {roster.confirmed.length === 0 ? (
              <p>No one yet.</p>
            ) : (
              <ul className="event-roster__people">
                {roster.confirmed.map((p) => (
                  <PersonCard key={p.id} person={p} action={`${base}/check-in`} />
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="roster-waitlist-heading">
            <h2 id="roster-waitlist-heading">Waitlist ({roster.waitlisted.length})</h2>
            {roster.waitlisted.length === 0 ? (
              <p>No one is waiting.</p>
            ) : (
              <ul className="event-roster__people">
                {roster.waitlisted.map((p, i) => (
                  <PersonCard key={p.id} person={p} action={`${base}/check-in`} place={i + 1} />
                ))}
              </ul>
            )}
          </section>
        </div>
      </>
    ),
  });
}

/** GET /events/:id/shifts/:shiftId: the host's roster and check-in. */
export async function showRoster(c: RouteContext<ShiftPath>) {
  const roster = await rosterOf(c, c.req.param('id'), c.req.param('shiftId'));
  return roster ? rosterPage(c, roster) : renderPage(c, notFoundPage());
}

/**
 * POST /events/:id/shifts/:shiftId/check-in: one person's mark. A mark another device recorded
 * first is not overwritten: the page comes back (409) with what it recorded.
 */
export async function checkInFromForm(c: RouteContext<`${ShiftPath}/check-in`>) {
  const user = c.get('user');
  const roster = await rosterOf(c, c.req.param('id'), c.req.param('shiftId'));
  if (!user || !roster) return renderPage(c, notFoundPage());
  const fields = await postedFields(c);
  const parsed = checkInInput.safeParse({
    shiftSignupId: Number(first(fields, 'shiftSignupId')),
    attendance: first(fields, 'attendance'),
    was: first(fields, 'was'),
  });
  if (!parsed.success)
    return rosterPage(c, roster, 'Choose attended or no-show for a person on the roster.', 400);
  try {
    await markAttendance(c.get('db'), user.id, roster.eventId, roster.shift.id, parsed.data);
  } catch (error) {
    const failure = domainFailure(error);
    if (!failure) throw error;
    const fresh = (await rosterOf(c, c.req.param('id'), c.req.param('shiftId'))) ?? roster;
    return rosterPage(c, fresh, failure.formError, failure.status);
  }
  const id = parsed.data.shiftSignupId;
  return c.redirect(`/events/${roster.eventId}/shifts/${roster.shift.id}?marked=${id}#person-${id}`, 303);
}

/** GET /events/:id/shifts/:shiftId/roster.csv: the roster with contact details, cells defused against formulas. */
export async function downloadRoster(c: RouteContext<`${ShiftPath}/roster.csv`>) {
  const roster = await rosterOf(c, c.req.param('id'), c.req.param('shiftId'));
  if (!roster) return renderPage(c, notFoundPage());
  const body = [csvLine(ROSTER_COLUMNS), ...rosterCsvRows(roster).map((row) => csvLine(row))].join('');
  return c.body(body, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="roster-shift-${roster.shift.id}.csv"`,
    'Cache-Control': 'private, no-store',
  });
}
