import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import type { FecOffice } from '../../../db/tables/fec-reports';
import { committeeTimeZone } from '../../contract/fec-committee';
import type { CommitteeInput } from './committee-schema';

/** A candidate's principal campaign committee, as the reports and their files use it. */
export interface Committee {
  candidateId: number;
  committeeId: string;
  committeeName: string;
  street1: string;
  street2: string | null;
  city: string;
  state: string;
  zip: string;
  candidateFecId: string;
  office: FecOffice;
  electionState: string;
  district: string | null;
  treasurerFirstName: string;
  treasurerLastName: string;
  /** The chosen zone, or null for the state's. */
  timeZone: string | null;
  /** The zone the committee's days are counted in. */
  zone: string;
}

export async function committeeOf(db: Db, candidateId: number): Promise<Committee | null> {
  const row = await db
    .selectFrom('fec_committees')
    .selectAll()
    .where('candidate_id', '=', candidateId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    candidateId: row.candidate_id,
    committeeId: row.committee_id,
    committeeName: row.committee_name,
    street1: row.street_1,
    street2: row.street_2,
    city: row.city,
    state: row.state,
    zip: row.zip,
    candidateFecId: row.candidate_fec_id,
    office: row.office,
    electionState: row.election_state,
    district: row.election_district,
    treasurerFirstName: row.treasurer_first_name,
    treasurerLastName: row.treasurer_last_name,
    timeZone: row.time_zone,
    zone: committeeTimeZone(row.election_state, row.time_zone),
  };
}

/** Before the committee is saved, the zone of the candidate's profile state. */
async function profileZone(db: Db, candidateId: number): Promise<string> {
  const user = await db.selectFrom('users').select('state').where('id', '=', candidateId).executeTakeFirst();
  return committeeTimeZone(user?.state ?? '', null);
}

/**
 * The zone a campaign's days are counted in: its committee's setting, else its state's. The
 * dashboard's days, its compliance export and the FEC reports all use it, so they show the same
 * day for the same gift (docs/decisions/0090-fec-reports.md).
 */
export async function campaignTimeZone(db: Db, candidateId: number): Promise<string> {
  return (await committeeOf(db, candidateId))?.zone ?? (await profileZone(db, candidateId));
}

/** Sets or changes the candidate's own committee details (one row per candidate). */
export async function saveCommittee(db: Db, candidateId: number, input: CommitteeInput): Promise<void> {
  const values = {
    committee_id: input.committeeId,
    committee_name: input.committeeName,
    street_1: input.street1,
    street_2: input.street2,
    city: input.city,
    state: input.state,
    zip: input.zip,
    candidate_fec_id: input.candidateFecId,
    office: input.office,
    election_state: input.electionState,
    election_district: input.district,
    treasurer_first_name: input.treasurerFirstName,
    treasurer_last_name: input.treasurerLastName,
    time_zone: input.timeZone,
  };
  await db
    .insertInto('fec_committees')
    .values({ candidate_id: candidateId, ...values })
    .onConflict((oc) => oc.column('candidate_id').doUpdateSet({ ...values, updated_at: sql`now()` }))
    .execute();
}
