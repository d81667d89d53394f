import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import type { CycleElections } from './report-periods';

/**
 * The candidate's primary and general dates, read here rather than through the dashboard's
 * module so that the donations module may call this one (a gift's 48-hour notice) without a
 * folder cycle (docs/decisions/0018).
 */
export async function cycleElections(db: Db, candidateId: number): Promise<CycleElections | null> {
  const row = await db
    .selectFrom('candidate_elections')
    .select([sql<string>`primary_on::text`.as('primaryOn'), sql<string>`general_on::text`.as('generalOn')])
    .where('candidate_id', '=', candidateId)
    .executeTakeFirst();
  return row ?? null;
}
