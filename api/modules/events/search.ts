import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../../../db/client';
import type { Database, EventType } from '../../../db/schema';
import { ValidationError } from '../errors';
import type { EventSearchInput } from './schema';
import { locateZip } from './zip-locations';

/**
 * /events's search (decision 0092): published events not over yet that the viewer may see (public
 * ones, and followers' ones of hosts the viewer follows), near a ZIP within a radius, by state,
 * kind, date and organizer, soonest first. The radius is a latitude/longitude box the index
 * `events_listed_place` narrows to, then the great-circle distance in SQL.
 */
export const EVENTS_PAGE_SIZE = 20;
const EARTH_RADIUS_MILES = 3958.8;
const MILES_PER_DEGREE_LATITUDE = 69.05;

export interface EventCard {
  id: number;
  title: string;
  type: EventType;
  hostId: number;
  hostName: string;
  startsAt: Date;
  timeZone: string;
  address: string;
  state: string;
  zip: string;
  /** Miles from the searched ZIP, when one was given. */
  distanceMiles: number | null;
}

export interface EventSearchResult {
  events: EventCard[];
  hasMore: boolean;
  /** The searched ZIP's place, to say "near Pittsburgh, PA". */
  near: { city: string; state: string } | null;
}

/** The great-circle distance in miles from (lat, lon) to an event's place, as SQL. */
function milesFrom(lat: number, lon: number) {
  // Parameters cast: PostgreSQL would otherwise infer an integer from the literals around them.
  return sql<number>`${EARTH_RADIUS_MILES}::float8 * 2 * asin(sqrt(
    power(sin(radians(e.latitude - ${lat}::float8) / 2), 2) +
    cos(radians(${lat}::float8)) * cos(radians(e.latitude)) * power(sin(radians(e.longitude - ${lon}::float8) / 2), 2)))`;
}

/** Who may find an event in a list: everyone for public ones, the host's followers for followers' ones. */
function listedFor(viewerId: number | null) {
  return (eb: ExpressionBuilder<Database & { e: Database['events'] }, 'e'>) =>
    viewerId === null
      ? eb('e.visibility', '=', 'public')
      : eb.or([
          eb('e.visibility', '=', 'public'),
          eb.and([
            eb('e.visibility', '=', 'followers'),
            eb.exists(
              eb
                .selectFrom('follows as f')
                .select('f.follower_id')
                .whereRef('f.followee_id', '=', 'e.host_id')
                .where('f.follower_id', '=', viewerId),
            ),
          ]),
        ]);
}

export async function searchEvents(
  db: Db,
  params: EventSearchInput,
  viewerId: number | null,
  now = new Date(),
): Promise<EventSearchResult> {
  const place = params.zip ? locateZip(params.zip) : null;
  if (params.zip && !place) throw new ValidationError({ zip: ['We do not know this ZIP code.'] });
  let query = db
    .selectFrom('events as e')
    .innerJoin('users as h', 'h.id', 'e.host_id')
    .select([
      'e.id',
      'e.title',
      'e.type',
      'e.host_id',
      'e.starts_at',
      'e.time_zone',
      'e.address',
      'e.state',
      'e.zip',
    ])
    .select(sql<string>`coalesce(h.org_name, concat_ws(' ', h.first_name, h.last_name))`.as('host_name'))
    .where('e.status', '=', 'published')
    .where('e.ends_at', '>', now)
    .where(listedFor(viewerId));
  if (place) {
    const latSpan = params.radius / MILES_PER_DEGREE_LATITUDE;
    const lonSpan =
      params.radius /
      (MILES_PER_DEGREE_LATITUDE * Math.max(0.05, Math.cos((place.latitude * Math.PI) / 180)));
    query = query
      .where('e.latitude', '>=', place.latitude - latSpan)
      .where('e.latitude', '<=', place.latitude + latSpan)
      .where('e.longitude', '>=', place.longitude - lonSpan)
      .where('e.longitude', '<=', place.longitude + lonSpan)
      .where(milesFrom(place.latitude, place.longitude), '<=', params.radius);
  }
  if (params.state) query = query.where('e.state', '=', params.state);
  if (params.type) query = query.where('e.type', '=', params.type);
  if (params.from) query = query.where('e.starts_at', '>=', new Date(`${params.from}T00:00:00Z`));
  if (params.organizer) {
    const words = `%${params.organizer.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    query = query.where(
      sql<boolean>`coalesce(h.org_name, concat_ws(' ', h.first_name, h.last_name)) ILIKE ${words}`,
    );
  }
  const rows = await query
    .select(place ? milesFrom(place.latitude, place.longitude).as('miles') : sql<null>`NULL`.as('miles'))
    .orderBy('e.starts_at')
    .orderBy('e.id')
    .limit(EVENTS_PAGE_SIZE + 1)
    .offset((params.page - 1) * EVENTS_PAGE_SIZE)
    .execute();
  return {
    events: rows.slice(0, EVENTS_PAGE_SIZE).map((r) => ({
      id: r.id,
      title: r.title,
      type: r.type,
      hostId: r.host_id,
      hostName: r.host_name,
      startsAt: new Date(r.starts_at),
      timeZone: r.time_zone,
      address: r.address,
      state: r.state,
      zip: r.zip,
      distanceMiles: r.miles === null ? null : Math.round(Number(r.miles) * 10) / 10,
    })),
    hasMore: rows.length > EVENTS_PAGE_SIZE,
    near: place ? { city: place.city, state: place.state } : null,
  };
}

/** A host's upcoming events the viewer may see, for their profile (at most `limit`). */
export async function upcomingEventsOf(
  db: Db,
  hostId: number,
  viewerId: number | null,
  limit = 5,
  now = new Date(),
) {
  const rows = await db
    .selectFrom('events as e')
    .select(['e.id', 'e.title', 'e.type', 'e.starts_at', 'e.time_zone', 'e.address'])
    .where('e.host_id', '=', hostId)
    .where('e.status', '=', 'published')
    .where('e.ends_at', '>', now)
    .where(viewerId === hostId ? sql<boolean>`e.visibility <> 'private'` : listedFor(viewerId))
    .orderBy('e.starts_at')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    type: r.type,
    startsAt: new Date(r.starts_at),
    timeZone: r.time_zone,
    address: r.address,
  }));
}

/** The search as a query string (blank and default values dropped), for pages and shareable links. */
export function eventSearchQuery(params: EventSearchInput, page = params.page): string {
  const q = new URLSearchParams();
  if (params.zip) q.set('zip', params.zip);
  if (params.zip && params.radius) q.set('radius', String(params.radius));
  if (params.state) q.set('state', params.state);
  if (params.type) q.set('type', params.type);
  if (params.from) q.set('from', params.from);
  if (params.organizer) q.set('organizer', params.organizer);
  if (page > 1) q.set('page', String(page));
  return q.toString();
}
