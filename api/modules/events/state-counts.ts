import { sql } from 'kysely';
import type { Db } from '../../../db/client';

/**
 * Published public events not over yet, counted by state (issue 51: the map of /events). Served by
 * the partial index events_listed_state (state, starts_at) WHERE status = 'published'.
 */
export async function eventsByState(db: Db, now = new Date()): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('events')
    .select(['state', sql<number>`count(*)::int`.as('events')])
    .where('status', '=', 'published')
    .where('visibility', '=', 'public')
    .where('ends_at', '>', now)
    .groupBy('state')
    .execute();
  return new Map(rows.map((r) => [r.state, r.events]));
}
