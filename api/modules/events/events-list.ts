import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { EVENT_TYPE_VALUES } from '../../contract/events';
import { containsPattern, defineList } from '../lists/list-spec';

/** Every status an event has, the console's filter choices (db/tables/events.ts). */
export const EVENT_STATUS_VALUES = ['proposed', 'published', 'declined', 'cancelled', 'unpublished'] as const;

const filters = {
  status: z.enum(EVENT_STATUS_VALUES).optional(),
  type: z.enum(EVENT_TYPE_VALUES).optional(),
  state: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  q: z.string().trim().max(80).optional(),
};

function eventRows(db: Db, filter: { status?: string; type?: string; state?: string; q?: string }) {
  let query = db
    .selectFrom('events as e')
    .innerJoin('users as h', 'h.id', 'e.host_id')
    .select([
      'e.id',
      'e.title',
      'e.type',
      'e.status',
      'e.visibility',
      'e.state',
      'e.zip',
      'e.host_id',
      'e.starts_at',
      'e.ends_at',
      'e.created_at',
      'e.unpublished_reason',
      'e.unpublished_at',
    ])
    .select(sql<string>`coalesce(h.org_name, concat_ws(' ', h.first_name, h.last_name))`.as('host_name'))
    .select(
      sql<number>`(SELECT count(*)::int FROM event_signups s WHERE s.event_id = e.id
        AND EXISTS (SELECT 1 FROM event_shift_signups ss WHERE ss.signup_id = s.id AND ss.status <> 'cancelled'))`.as(
        'signups',
      ),
    );
  if (filter.status) query = query.where('e.status', '=', filter.status as never);
  if (filter.type) query = query.where('e.type', '=', filter.type as never);
  if (filter.state) query = query.where('e.state', '=', filter.state);
  if (filter.q) query = query.where('e.title', 'ilike', containsPattern(filter.q));
  return query;
}

/**
 * The console's events (issue 51, decision 0101): every event with its host, status and active
 * sign-ups; filtered by status, kind, state and words of the title.
 */
export const eventsSpec = defineList({
  resource: 'events',
  sortable: ['id', 'starts_at', 'created_at', 'title', 'status', 'state', 'signups'],
  defaultSort: ['starts_at', 'DESC'],
  filters,
  rows: eventRows,
});

/** The GOTV screen's choice of event for "signed up for event X": events people signed up for, newest first. */
export const gotvEventsSpec = defineList({
  resource: 'gotv-events',
  sortable: ['id', 'name', 'starts_at'],
  defaultSort: ['starts_at', 'DESC'],
  filters: {},
  rows: (db: Db) =>
    db
      .selectFrom('events as e')
      .where('e.status', 'in', ['published', 'cancelled', 'unpublished'])
      .select([
        'e.id',
        'e.starts_at',
        sql<string>`e.title || ' (' || e.state || ', ' || to_char(e.starts_at AT TIME ZONE e.time_zone, 'Mon DD, YYYY') || ')'`.as(
          'name',
        ),
      ]),
});
