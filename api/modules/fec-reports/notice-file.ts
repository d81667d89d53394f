import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import { zonedDay } from '../../platform/zoned-time';
import { NotFoundError, ValidationError } from '../errors';
import { committeeOf } from './committee';
import { REQUESTED, SOFTWARE } from './fec-file';
import { F6, F65, FEC_VERSION, HDR } from './fec-layouts';
import { fecAmount, fecDate, fecRecord } from './fec-records';
import { fecField } from './fec-text';

/** F65 transaction IDs: the gift's own id, stable if the notice is downloaded again. */
export const noticeTransactionId = (id: string) => `F65${id}`;

/**
 * A 48-hour notice's `.fec` file (docs/decisions/0090-fec-reports.md): HDR, the Form 6 cover, one
 * F65 line per contribution it carries. Only ever the candidate's own notice; a notice is small
 * (the gifts of one election's last weeks), so it is read whole.
 */
export async function noticeLines(
  db: Db,
  candidateId: number,
  noticeId: number,
  now = new Date(),
): Promise<string[]> {
  const notice = await db
    .selectFrom('forty_eight_hour_notices')
    .select('id')
    .where('id', '=', noticeId)
    .where('candidate_id', '=', candidateId)
    .executeTakeFirst();
  if (!notice) throw new NotFoundError('No such notice');
  const committee = await committeeOf(db, candidateId);
  if (!committee)
    throw new ValidationError(
      { notice: ['Save your committee details first.'] },
      'Save your committee details first.',
    );
  const candidate = await db
    .selectFrom('users')
    .select(['first_name', 'last_name'])
    .where('id', '=', candidateId)
    .executeTakeFirstOrThrow();
  const gifts = await sql<{
    id: string;
    first_name: string;
    last_name: string;
    street: string;
    city: string;
    state: string;
    zip: string;
    employer: string | null;
    occupation: string | null;
    amount_cents: number;
    day: string;
  }>`SELECT d.id, d.first_name, d.last_name, d.street, d.city, d.state, d.zip, d.employer, d.occupation,
      d.amount_cents, (coalesce(d.paid_at, d.created_at) AT TIME ZONE ${committee.zone})::date::text AS day
    FROM forty_eight_hour_notice_gifts g JOIN donations d ON d.id = g.donation_id
    WHERE g.notice_id = ${noticeId} ORDER BY d.id`.execute(db);
  const c = committee;
  return [
    fecRecord(HDR, {
      record_type: 'HDR',
      ef_type: 'FEC',
      fec_version: FEC_VERSION,
      soft_name: SOFTWARE.name,
      soft_ver: SOFTWARE.version,
      report_number: '0',
    }),
    fecRecord(F6, {
      form_type: 'F6',
      filer_committee_id_number: c.committeeId,
      committee_name: fecField(c.committeeName, 200),
      street_1: fecField(c.street1, 34),
      street_2: fecField(c.street2, 34),
      city: fecField(c.city, 30),
      state: c.state,
      zip_code: c.zip,
      candidate_id_number: c.candidateFecId,
      candidate_last_name: fecField(candidate.last_name, 30) || 'UNKNOWN',
      candidate_first_name: fecField(candidate.first_name, 20) || 'UNKNOWN',
      candidate_office: c.office,
      candidate_state: c.electionState,
      candidate_district: c.district ?? '',
      signer_last_name: fecField(c.treasurerLastName, 30),
      signer_first_name: fecField(c.treasurerFirstName, 20),
      date_signed: fecDate(zonedDay(now, c.zone)),
    }),
    ...gifts.rows.map((g) =>
      fecRecord(F65, {
        form_type: 'F65',
        filer_committee_id_number: c.committeeId,
        transaction_id: noticeTransactionId(g.id),
        entity_type: 'IND',
        contributor_last_name: fecField(g.last_name, 30) || 'UNKNOWN',
        contributor_first_name: fecField(g.first_name, 20) || 'UNKNOWN',
        contributor_street_1: fecField(g.street, 34),
        contributor_city: fecField(g.city, 30),
        contributor_state: g.state,
        contributor_zip_code: g.zip.replace('-', ''),
        contribution_date: fecDate(g.day),
        contribution_amount: fecAmount(g.amount_cents),
        contributor_employer: fecField(g.employer, 38) || REQUESTED,
        contributor_occupation: fecField(g.occupation, 38) || REQUESTED,
      }),
    ),
  ];
}
