import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import type { ElectionDatesInput } from './schema';

/** A candidate's election dates (docs/product/rulings.md, "Elections for the donation limit"). */
export interface ElectionDates {
  primaryOn: string;
  generalOn: string;
}

export async function electionDates(db: Db, candidateId: number): Promise<ElectionDates | null> {
  const row = await db
    .selectFrom('candidate_elections')
    .select([sql<string>`primary_on::text`.as('primaryOn'), sql<string>`general_on::text`.as('generalOn')])
    .where('candidate_id', '=', candidateId)
    .executeTakeFirst();
  return row ?? null;
}

/** Sets or changes the candidate's own dates; the table's CHECK repeats "general after primary". */
export async function saveElectionDates(db: Db, candidateId: number, input: ElectionDatesInput) {
  await db
    .insertInto('candidate_elections')
    .values({ candidate_id: candidateId, primary_on: input.primaryOn, general_on: input.generalOn })
    .onConflict((oc) =>
      oc.column('candidate_id').doUpdateSet({
        primary_on: input.primaryOn,
        general_on: input.generalOn,
        updated_at: sql`now()`,
      }),
    )
    .execute();
}
