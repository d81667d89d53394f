import type { Db } from '../../../db/client';
import { F3, type F3Line, FEC_VERSION, HDR, SA, SB } from './fec-layouts';
import { type FieldValues, fecAmount, fecDate, fecRecord } from './fec-records';
import { fecField } from './fec-text';
import {
  type ColumnTotals,
  type ContributionRow,
  contributionsOf,
  itemizedPeople,
  REFUND_PAGE,
  refundPage,
  reportTotals,
} from './report-data';
import { boundsOf, type ReportBounds, type ReportRequest } from './report-request';

/**
 * A report's `.fec` file, record by record (docs/decisions/0090-fec-reports.md): HDR, the Form 3
 * cover (F3N, or F3A for an amendment, which the header points at the original filing), one SA11AI
 * line per contribution of each person itemized in the period, then one SB20A line per refund made
 * in it. It is generated: the cover's totals come first from one aggregate query, then the lines
 * are read in chunks of whole people, so no whole report is ever held in memory.
 */
export const SOFTWARE = { name: 'Campaign HQ', version: '1.0' };

/** What an itemized line says when employer or occupation is missing (11 CFR 104.7(b)). */
export const REQUESTED = 'INFORMATION REQUESTED';
export const BEST_EFFORTS = 'INFORMATION REQUESTED PER BEST EFFORTS';

/** Transaction IDs: stable across amendments, since they are the gift's own id. */
export const contributionTransactionId = (id: string) => `SA${id}`;
export const refundTransactionId = (id: string) => `SB${id}`;

export function electionCode(election: 'primary' | 'general', req: Pick<ReportRequest, 'elections'>): string {
  return election === 'primary'
    ? `P${req.elections.primaryOn.slice(0, 4)}`
    : `G${req.elections.generalOn.slice(0, 4)}`;
}

function header(req: ReportRequest): string {
  return fecRecord(HDR, {
    record_type: 'HDR',
    ef_type: 'FEC',
    fec_version: FEC_VERSION,
    soft_name: SOFTWARE.name,
    soft_ver: SOFTWARE.version,
    report_id: req.amendment ? `FEC-${req.amendment.originalFilingId}` : '',
    report_number: req.amendment ? String(req.amendment.number) : '0',
    comment: '',
  });
}

/** The cover's lines of one column, each a sum of the lines it totals (the Form 3 instructions). */
export function coverLines(t: ColumnTotals, operatingCents: number) {
  const individual = t.itemizedCents + t.unitemizedCents; // 11(a)(iii)
  const contributions = individual; // 11(e): parties, PACs and the candidate are 0 here
  const receipts = contributions; // 16: transfers, loans, offsets and other receipts are 0
  const refunds = t.refundsCents; // 20(d) = 20(a)
  const disbursements = operatingCents + refunds; // 22
  return { individual, contributions, receipts, refunds, disbursements };
}

function cover(req: ReportRequest, totals: { a: ColumnTotals; b: ColumnTotals }): string {
  const { committee: c, period, entered } = req;
  const a = coverLines(totals.a, entered.operatingCents);
  const b = coverLines(totals.b, entered.operatingCycleCents);
  const cashClose = entered.cashBeginningCents + a.receipts - a.disbursements;
  const lines: Record<F3Line, number> = {
    col_a_total_contributions_no_loans: a.contributions,
    col_a_total_contributions_refunds: a.refunds,
    col_a_net_contributions: a.contributions - a.refunds,
    col_a_total_operating_expenditures: entered.operatingCents,
    col_a_total_offset_to_operating_expenditures: 0,
    col_a_net_operating_expenditures: entered.operatingCents,
    col_a_cash_on_hand_close_of_period: cashClose,
    col_a_debts_to: 0,
    col_a_debts_by: 0,
    col_a_individual_contributions_itemized: totals.a.itemizedCents,
    col_a_individual_contributions_unitemized: totals.a.unitemizedCents,
    col_a_total_individual_contributions: a.individual,
    col_a_political_party_contributions: 0,
    col_a_pac_contributions: 0,
    col_a_candidate_contributions: 0,
    col_a_total_contributions: a.contributions,
    col_a_transfers_from_authorized: 0,
    col_a_candidate_loans: 0,
    col_a_other_loans: 0,
    col_a_total_loans: 0,
    col_a_offset_to_operating_expenditures: 0,
    col_a_other_receipts: 0,
    col_a_total_receipts: a.receipts,
    col_a_operating_expenditures: entered.operatingCents,
    col_a_transfers_to_authorized: 0,
    col_a_candidate_loan_repayments: 0,
    col_a_other_loan_repayments: 0,
    col_a_total_loan_repayments: 0,
    col_a_refunds_to_individuals: totals.a.refundsCents,
    col_a_refunds_to_party_committees: 0,
    col_a_refunds_to_other_committees: 0,
    col_a_total_refunds: a.refunds,
    col_a_other_disbursements: 0,
    col_a_total_disbursements: a.disbursements,
    col_a_cash_beginning_reporting_period: entered.cashBeginningCents,
    col_a_total_receipts_period: a.receipts,
    col_a_subtotals: entered.cashBeginningCents + a.receipts,
    col_a_total_disbursements_period: a.disbursements,
    col_a_cash_on_hand_close: cashClose,
    col_b_total_contributions_no_loans: b.contributions,
    col_b_total_contributions_refunds: b.refunds,
    col_b_net_contributions: b.contributions - b.refunds,
    col_b_total_operating_expenditures: entered.operatingCycleCents,
    col_b_total_offset_to_operating_expenditures: 0,
    col_b_net_operating_expenditures: entered.operatingCycleCents,
    col_b_individual_contributions_itemized: totals.b.itemizedCents,
    col_b_individual_contributions_unitemized: totals.b.unitemizedCents,
    col_b_total_individual_contributions: b.individual,
    col_b_political_party_contributions: 0,
    col_b_pac_contributions: 0,
    col_b_candidate_contributions: 0,
    col_b_total_contributions: b.contributions,
    col_b_transfers_from_authorized: 0,
    col_b_candidate_loans: 0,
    col_b_other_loans: 0,
    col_b_total_loans: 0,
    col_b_offset_to_operating_expenditures: 0,
    col_b_other_receipts: 0,
    col_b_total_receipts: b.receipts,
    col_b_operating_expenditures: entered.operatingCycleCents,
    col_b_transfers_to_authorized: 0,
    col_b_candidate_loan_repayments: 0,
    col_b_other_loan_repayments: 0,
    col_b_total_loan_repayments: 0,
    col_b_refunds_to_individuals: totals.b.refundsCents,
    col_b_refunds_to_party_committees: 0,
    col_b_refunds_to_other_committees: 0,
    col_b_total_refunds: b.refunds,
    col_b_other_disbursements: 0,
    col_b_total_disbursements: b.disbursements,
  };
  const amounts = Object.fromEntries(Object.entries(lines).map(([k, v]) => [k, fecAmount(v)]));
  const electionReport = period.electionCode !== null;
  return fecRecord(F3, {
    form_type: req.amendment ? 'F3A' : 'F3N',
    filer_committee_id_number: c.committeeId,
    committee_name: fecField(c.committeeName, 200),
    street_1: fecField(c.street1, 34),
    street_2: fecField(c.street2, 34),
    city: fecField(c.city, 30),
    state: c.state,
    zip_code: c.zip,
    election_state: c.electionState,
    election_district: c.district ?? '',
    report_code: period.code,
    election_code: period.electionCode ?? '',
    election_date: electionReport && period.electionDate ? fecDate(period.electionDate) : '',
    state_of_election: electionReport ? c.electionState : '',
    coverage_from_date: fecDate(period.from),
    coverage_through_date: fecDate(period.through),
    treasurer_last_name: fecField(c.treasurerLastName, 30),
    treasurer_first_name: fecField(c.treasurerFirstName, 20),
    date_signed: fecDate(req.signedOn),
    ...amounts,
  });
}

/** Who gave, as both schedules write a person (names, address). */
function personFields(row: ContributionRow, prefix: 'contributor' | 'payee'): FieldValues {
  return {
    [`${prefix}_last_name`]: fecField(row.last_name, 30) || 'UNKNOWN',
    [`${prefix}_first_name`]: fecField(row.first_name, 20) || 'UNKNOWN',
    [`${prefix}_street_1`]: fecField(row.street, 34),
    [`${prefix}_city`]: fecField(row.city, 30),
    [`${prefix}_state`]: row.state,
    [`${prefix}_zip_code`]: row.zip.replace('-', ''),
  };
}

/** Employer and occupation of a line: the gift's own, else the person's latest answer, else the marker. */
function work(row: ContributionRow, known: { employer: string | null; occupation: string | null }) {
  const marker = row.follow_up_sent_at ? BEST_EFFORTS : REQUESTED;
  return {
    contributor_employer: fecField(row.employer ?? known.employer, 38) || marker,
    contributor_occupation: fecField(row.occupation ?? known.occupation, 38) || marker,
  };
}

/** The SA11AI lines of one chunk of whole people: each line carries the person's aggregate to that gift. */
function* itemizedLines(req: ReportRequest, b: ReportBounds, rows: ContributionRow[]): Generator<string> {
  let current = -1;
  let aggregate = 0;
  let known = { employer: null as string | null, occupation: null as string | null };
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    if (row.person !== current) {
      current = row.person;
      aggregate = 0;
      // The person's latest answer in the cycle stands for gifts that lack one.
      known = { employer: null, occupation: null };
      for (let j = i; j < rows.length && rows[j]!.person === current; j++) {
        known.employer = rows[j]!.employer ?? known.employer;
        known.occupation = rows[j]!.occupation ?? known.occupation;
      }
    }
    aggregate += row.amount_cents;
    if (row.day < b.from) continue;
    yield fecRecord(SA, {
      form_type: 'SA11AI',
      filer_committee_id_number: req.committee.committeeId,
      transaction_id: contributionTransactionId(row.id),
      entity_type: 'IND',
      ...personFields(row, 'contributor'),
      election_code: electionCode(row.election, req),
      contribution_date: fecDate(row.day),
      contribution_amount: fecAmount(row.amount_cents),
      contribution_aggregate: fecAmount(aggregate),
      ...work(row, known),
    });
  }
}

const PEOPLE_PER_CHUNK = 2000;

/** The report's records, one line at a time, in the file's order. */
export async function* fecReportLines(db: Db, req: ReportRequest): AsyncGenerator<string> {
  const b = boundsOf(req);
  yield header(req);
  yield cover(req, await reportTotals(db, req.candidateId, b));
  const people = await itemizedPeople(db, req.candidateId, b);
  for (let i = 0; i < people.length; ) {
    // A chunk ends at a person's last donor row.
    let j = Math.min(i + PEOPLE_PER_CHUNK, people.length);
    while (j < people.length && people[j]!.person === people[j - 1]!.person) j++;
    const rows = await contributionsOf(
      db,
      req.candidateId,
      b,
      people.slice(i, j).map((p) => p.donorId),
    );
    yield* itemizedLines(req, b, rows);
    i = j;
  }
  for (let after = '0'; ; ) {
    const refunds = await refundPage(db, req.candidateId, b, after);
    for (const r of refunds) {
      yield fecRecord(SB, {
        form_type: 'SB20A',
        filer_committee_id_number: req.committee.committeeId,
        transaction_id_number: refundTransactionId(r.id),
        back_reference_tran_id_number: r.original_itemized ? contributionTransactionId(r.id) : '',
        back_reference_sched_name: r.original_itemized ? 'SA11AI' : '',
        entity_type: 'IND',
        ...personFields(r, 'payee'),
        election_code: electionCode(r.election, req),
        expenditure_date: fecDate(r.refund_day),
        expenditure_amount: fecAmount(r.amount_cents),
        expenditure_purpose_descrip: 'Refund of contribution',
        memo_text_description: fecField(r.refund_reason, 100),
      });
    }
    if (refunds.length < REFUND_PAGE) return;
    after = refunds[refunds.length - 1]!.id;
  }
}
