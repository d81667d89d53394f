import type { Db } from '../../db/client';
import { committeeInput } from '../modules/fec-reports/committee-schema';

/**
 * Marisol Grant's principal campaign committee (docs/decisions/0090-fec-reports.md): fictional
 * FEC details that pass the FEC's format rules (C and 8 digits; H, a digit, OH, 5 digits), so the
 * demo's reports download a well-formed file. Parsed through the form's own schema, so the demo
 * can never hold what the form refuses. A committee the candidate already saved is kept.
 */
export const DEMO_COMMITTEE = committeeInput.parse({
  committeeId: 'C00990318',
  committeeName: 'Marisol Grant for Congress',
  street1: '250 East Broad Street',
  street2: 'Suite 400',
  city: 'Columbus',
  state: 'OH',
  zip: '43215',
  candidateFecId: 'H6OH03109',
  office: 'H',
  electionState: 'OH',
  district: '03',
  treasurerFirstName: 'Teresa',
  treasurerLastName: 'Alvarez',
});

export async function seedDemoCommittee(db: Db): Promise<number> {
  const marisol = await db
    .selectFrom('users')
    .select('id')
    .where('handle', '=', 'marisol-grant')
    .where('is_candidate', '=', true)
    .executeTakeFirst();
  if (!marisol) return 0;
  const c = DEMO_COMMITTEE;
  const inserted = await db
    .insertInto('fec_committees')
    .values({
      candidate_id: marisol.id,
      committee_id: c.committeeId,
      committee_name: c.committeeName,
      street_1: c.street1,
      street_2: c.street2,
      city: c.city,
      state: c.state,
      zip: c.zip,
      candidate_fec_id: c.candidateFecId,
      office: c.office,
      election_state: c.electionState,
      election_district: c.district,
      treasurer_first_name: c.treasurerFirstName,
      treasurer_last_name: c.treasurerLastName,
      time_zone: c.timeZone,
    })
    .onConflict((oc) => oc.column('candidate_id').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0);
}
