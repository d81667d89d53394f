import { EVENT_RADII, EVENT_TYPES, eventTypeLabel } from '../../../api/contract/events';
import { type EventSearchInput, eventSearchInput } from '../../../api/modules/events/schema';
import { EVENTS_PAGE_SIZE, eventSearchQuery, searchEvents } from '../../../api/modules/events/search';
import { eventsByState } from '../../../api/modules/events/state-counts';
import { hostPathOf } from '../../../api/modules/events/views';
import { zonedText } from '../../../api/modules/events/zoned-time';
import { getReferenceLists } from '../../../api/modules/reference-options/service';
import { FieldError } from '../../components/FieldError';
import { FilterSelects } from '../../components/FilterSelects';
import { PageHero } from '../../components/PageHero';
import { SearchResults } from '../../components/SearchResults';
import { renderPage } from '../../render/render-page';
import type { PageContext } from '../../server/page';
import { domainFailure, zodFailure } from '../job-board/form-results';
import { StateMap } from './state-map';

const DEFAULTS: EventSearchInput = { radius: 25, page: 1, organizer: undefined };

/**
 * /events: a GET form (every search is a URL to share; no JavaScript needed) over published events
 * to come: near a ZIP within a radius, by state, kind, date and organizer (decision 0092).
 */
export async function showEventSearch(c: PageContext) {
  const db = c.get('db');
  const user = c.get('user');
  const parsed = eventSearchInput.safeParse(c.req.query());
  const params = parsed.success ? parsed.data : DEFAULTS;
  let errors: Record<string, string[]> = parsed.success ? {} : zodFailure(parsed.error).errors;
  let result = { events: [], hasMore: false, near: null } as Awaited<ReturnType<typeof searchEvents>>;
  if (parsed.success) {
    try {
      result = await searchEvents(db, params, user?.id ?? null);
    } catch (error) {
      const failure = domainFailure(error);
      if (!failure) throw error;
      errors = failure.errors;
    }
  }
  const [lists, byState] = await Promise.all([getReferenceLists(db), eventsByState(db)]);
  const raw = c.req.query();
  const query = eventSearchQuery(params, 1);
  const refused = Object.keys(errors).length > 0;
  return renderPage(c, {
    status: refused ? 400 : undefined,
    meta: {
      title: 'Find events',
      description: 'Canvasses, phone banks, town halls and trainings near you: find one and sign up.',
      canonicalPath: '/events',
      noindex: query !== '',
    },
    body: (
      <>
        <PageHero
          eyebrow="Events"
          title="Find events"
          lead="Canvasses, phone banks, town halls and trainings from candidates and organizations near you."
        />
        <div className="people-search event-search">
          <form
            className="people-search__form event-search__form"
            method="get"
            action="/events"
            aria-label="Search events"
          >
            <div className="field">
              <label htmlFor="events-zip">Near ZIP code</label>
              <input
                id="events-zip"
                name="zip"
                inputMode="numeric"
                autoComplete="postal-code"
                maxLength={5}
                defaultValue={raw.zip ?? ''}
                aria-invalid={Boolean(errors.zip) || undefined}
                aria-describedby={errors.zip ? 'events-zip-error' : undefined}
              />
              <FieldError id="events-zip-error" messages={errors.zip} />
            </div>
            <div className="field">
              <label htmlFor="events-radius">Within</label>
              <select id="events-radius" name="radius" defaultValue={String(params.radius)}>
                {EVENT_RADII.map((r) => (
                  <option key={r} value={r}>
                    {r} miles
                  </option>
                ))}
              </select>
            </div>
            <FilterSelects
              idPrefix="events"
              filters={[
                { name: 'state', label: 'State', value: params.state, options: lists.states ?? [] },
                {
                  name: 'type',
                  label: 'Kind of event',
                  value: params.type,
                  options: EVENT_TYPES.map((t) => ({ value: t.value, label: t.label })),
                },
              ]}
            />
            <div className="field">
              <label htmlFor="events-from">From</label>
              <input id="events-from" name="from" type="date" defaultValue={params.from ?? ''} />
            </div>
            <div className="field">
              <label htmlFor="events-organizer">Organizer</label>
              <input
                id="events-organizer"
                name="organizer"
                maxLength={80}
                defaultValue={params.organizer ?? ''}
              />
            </div>
            <div className="people-search__actions">
              <button type="submit" className="button button--primary">
                Search events
              </button>
              <a className="button" href="/events">
                Clear
              </a>
            </div>
          </form>
          <SearchResults
            headingId="events-results-heading"
            heading={
              result.near ? `Events near ${result.near.city}, ${result.near.state}` : 'Upcoming events'
            }
            first={(params.page - 1) * EVENTS_PAGE_SIZE + 1}
            shown={result.events.length}
            empty={
              refused
                ? 'Correct the search to see events.'
                : 'No events match this search. Widen the distance or remove a filter.'
            }
            listClassName="event-cards"
            page={params.page}
            hasMore={result.hasMore}
            href={(page) => {
              const q = eventSearchQuery(params, page);
              return q ? `/events?${q}` : '/events';
            }}
            before={
              user ? (
                <p className="event-search__links">
                  <a href="/events/mine">My events</a> · <a href="/events/hosting">Events you host</a>
                </p>
              ) : undefined
            }
          >
            {result.events.map((e) => (
              <li key={e.id} className="event-card">
                <h3>
                  <a href={`/events/${e.id}`}>{e.title}</a>
                </h3>
                <p className="event-card__meta">
                  {eventTypeLabel(e.type)} · <a href={hostPathOf(e.hostId, e.hostName)}>{e.hostName}</a>
                </p>
                <p>{zonedText(e.startsAt, e.timeZone)}</p>
                <p>
                  {e.address}
                  {e.distanceMiles !== null && ` · ${e.distanceMiles} miles away`}
                </p>
              </li>
            ))}
          </SearchResults>
          <StateMap counts={byState} names={new Map((lists.states ?? []).map((o) => [o.value, o.label]))} />
        </div>
      </>
    ),
  });
}
