/**
 * The FEC electronic filing format's records we write, field by field, restated from the FEC's
 * published layouts for format 8.4/8.5 (esonderegger/fecfile's mappings.json lists each form's
 * fields per version; fecfile-validate's JSON schemas give each field's length, pattern and
 * whether it is required; docs/decisions/0090-fec-reports.md). A record is one line: its fields
 * joined by the ASCII File Separator (0x1C), the line ended by a line feed.
 */
export const FEC_VERSION = '8.5';
export const FIELD_SEPARATOR = '\u001c';

export type FieldKind = 'text' | 'date' | 'amount';

export interface FieldRule {
  name: string;
  max: number;
  kind: FieldKind;
  required?: boolean;
  /** A shape the value must have when present (after the printable-ASCII rule). */
  pattern?: RegExp;
}

const COMMITTEE_ID = /^C\d{8}$/;
const STATE = /^[A-Z]{2}$/;
const ZIP = /^\d{5}(\d{4})?$/;
const ELECTION_CODE = /^[PG]\d{4}$/;

const text = (name: string, max: number, extra: Partial<FieldRule> = {}): FieldRule => ({
  name,
  max,
  kind: 'text',
  ...extra,
});
const req = (name: string, max: number, pattern?: RegExp): FieldRule =>
  text(name, max, pattern ? { required: true, pattern } : { required: true });
const date = (name: string, required = false): FieldRule => ({ name, max: 8, kind: 'date', required });
const amount = (name: string, required = false): FieldRule => ({ name, max: 12, kind: 'amount', required });
const blank = (...names: string[]) => names.map((n) => text(n, 200));

/** HDR: the file's header (mappings.json `^hdr$`, versions 6 to 8). */
export const HDR: readonly FieldRule[] = [
  req('record_type', 3, /^HDR$/),
  req('ef_type', 3, /^FEC$/),
  req('fec_version', 4, /^\d+\.\d+$/),
  text('soft_name', 90),
  text('soft_ver', 16),
  text('report_id', 16, { pattern: /^FEC-\d{1,12}$/ }),
  text('report_number', 3, { pattern: /^\d{1,3}$/ }),
  text('comment', 200),
];

/** F3 lines, by their names in the layout; column A is the period, column B the cycle to date. */
export const F3_COLUMN_A = [
  'col_a_total_contributions_no_loans', // 6(a)
  'col_a_total_contributions_refunds', // 6(b)
  'col_a_net_contributions', // 6(c)
  'col_a_total_operating_expenditures', // 7(a)
  'col_a_total_offset_to_operating_expenditures', // 7(b)
  'col_a_net_operating_expenditures', // 7(c)
  'col_a_cash_on_hand_close_of_period', // 8
  'col_a_debts_to', // 9
  'col_a_debts_by', // 10
  'col_a_individual_contributions_itemized', // 11(a)(i)
  'col_a_individual_contributions_unitemized', // 11(a)(ii)
  'col_a_total_individual_contributions', // 11(a)(iii)
  'col_a_political_party_contributions', // 11(b)
  'col_a_pac_contributions', // 11(c)
  'col_a_candidate_contributions', // 11(d)
  'col_a_total_contributions', // 11(e)
  'col_a_transfers_from_authorized', // 12
  'col_a_candidate_loans', // 13(a)
  'col_a_other_loans', // 13(b)
  'col_a_total_loans', // 13(c)
  'col_a_offset_to_operating_expenditures', // 14
  'col_a_other_receipts', // 15
  'col_a_total_receipts', // 16
  'col_a_operating_expenditures', // 17
  'col_a_transfers_to_authorized', // 18
  'col_a_candidate_loan_repayments', // 19(a)
  'col_a_other_loan_repayments', // 19(b)
  'col_a_total_loan_repayments', // 19(c)
  'col_a_refunds_to_individuals', // 20(a)
  'col_a_refunds_to_party_committees', // 20(b)
  'col_a_refunds_to_other_committees', // 20(c)
  'col_a_total_refunds', // 20(d)
  'col_a_other_disbursements', // 21
  'col_a_total_disbursements', // 22
  'col_a_cash_beginning_reporting_period', // 23
  'col_a_total_receipts_period', // 24
  'col_a_subtotals', // 25
  'col_a_total_disbursements_period', // 26
  'col_a_cash_on_hand_close', // 27
] as const;

export const F3_COLUMN_B = [
  'col_b_total_contributions_no_loans',
  'col_b_total_contributions_refunds',
  'col_b_net_contributions',
  'col_b_total_operating_expenditures',
  'col_b_total_offset_to_operating_expenditures',
  'col_b_net_operating_expenditures',
  'col_b_individual_contributions_itemized',
  'col_b_individual_contributions_unitemized',
  'col_b_total_individual_contributions',
  'col_b_political_party_contributions',
  'col_b_pac_contributions',
  'col_b_candidate_contributions',
  'col_b_total_contributions',
  'col_b_transfers_from_authorized',
  'col_b_candidate_loans',
  'col_b_other_loans',
  'col_b_total_loans',
  'col_b_offset_to_operating_expenditures',
  'col_b_other_receipts',
  'col_b_total_receipts',
  'col_b_operating_expenditures',
  'col_b_transfers_to_authorized',
  'col_b_candidate_loan_repayments',
  'col_b_other_loan_repayments',
  'col_b_total_loan_repayments',
  'col_b_refunds_to_individuals',
  'col_b_refunds_to_party_committees',
  'col_b_refunds_to_other_committees',
  'col_b_total_refunds',
  'col_b_other_disbursements',
  'col_b_total_disbursements',
] as const;

export type F3Line = (typeof F3_COLUMN_A)[number] | (typeof F3_COLUMN_B)[number];

/** F3N / F3A: the Form 3 cover, 93 fields (mappings.json `^f3[a|n|t]`, 8.x; F3.json). */
export const F3: readonly FieldRule[] = [
  req('form_type', 4, /^F3[NA]$/),
  req('filer_committee_id_number', 9, COMMITTEE_ID),
  req('committee_name', 200),
  text('change_of_address', 1, { pattern: /^X$/ }),
  req('street_1', 34),
  text('street_2', 34),
  req('city', 30),
  req('state', 2, STATE),
  req('zip_code', 9, ZIP),
  req('election_state', 2, STATE),
  text('election_district', 2, { pattern: /^\d{2}$/ }),
  req('report_code', 3, /^(Q1|Q2|Q3|YE|12P|12G|30G)$/),
  text('election_code', 5, { pattern: ELECTION_CODE }),
  date('election_date'),
  text('state_of_election', 2, { pattern: STATE }),
  date('coverage_from_date', true),
  date('coverage_through_date', true),
  req('treasurer_last_name', 30),
  req('treasurer_first_name', 20),
  ...blank('treasurer_middle_name', 'treasurer_prefix', 'treasurer_suffix').map((r) => ({
    ...r,
    max: r.name === 'treasurer_middle_name' ? 20 : 10,
  })),
  date('date_signed', true),
  ...F3_COLUMN_A.map((n) => amount(n, true)),
  ...F3_COLUMN_B.map((n) => amount(n, true)),
];

/** SA11AI: an itemized contribution from an individual, 45 fields (mappings.json `^sa[^3]`, 8.x; INDIVIDUAL_RECEIPT.json). */
export const SA: readonly FieldRule[] = [
  req('form_type', 8, /^SA11AI$/),
  req('filer_committee_id_number', 9, COMMITTEE_ID),
  req('transaction_id', 20),
  text('back_reference_tran_id_number', 20),
  text('back_reference_sched_name', 8),
  req('entity_type', 3, /^IND$/),
  text('contributor_organization_name', 200),
  req('contributor_last_name', 30),
  req('contributor_first_name', 20),
  text('contributor_middle_name', 20),
  text('contributor_prefix', 10),
  text('contributor_suffix', 10),
  req('contributor_street_1', 34),
  text('contributor_street_2', 34),
  req('contributor_city', 30),
  req('contributor_state', 2, STATE),
  req('contributor_zip_code', 9, ZIP),
  req('election_code', 5, ELECTION_CODE),
  text('election_other_description', 20),
  date('contribution_date', true),
  amount('contribution_amount', true),
  amount('contribution_aggregate', true),
  text('contribution_purpose_descrip', 100),
  text('contributor_employer', 38),
  text('contributor_occupation', 38),
  ...blank(
    'donor_committee_fec_id',
    'donor_committee_name',
    'donor_candidate_fec_id',
    'donor_candidate_last_name',
    'donor_candidate_first_name',
    'donor_candidate_middle_name',
    'donor_candidate_prefix',
    'donor_candidate_suffix',
    'donor_candidate_office',
    'donor_candidate_state',
    'donor_candidate_district',
    'conduit_name',
    'conduit_street1',
    'conduit_street2',
    'conduit_city',
    'conduit_state',
    'conduit_zip_code',
  ),
  text('memo_code', 1, { pattern: /^X$/ }),
  text('memo_text_description', 100),
  text('reference_code', 9),
];

/** SB20A: a refund of an individual's contribution, 44 fields (mappings.json `^sb`, 8.x; INDIVIDUAL_REFUNDS.json). */
export const SB: readonly FieldRule[] = [
  req('form_type', 8, /^SB20A$/),
  req('filer_committee_id_number', 9, COMMITTEE_ID),
  req('transaction_id_number', 20),
  text('back_reference_tran_id_number', 20),
  text('back_reference_sched_name', 8, { pattern: /^SA11AI$/ }),
  req('entity_type', 3, /^IND$/),
  text('payee_organization_name', 200),
  req('payee_last_name', 30),
  req('payee_first_name', 20),
  text('payee_middle_name', 20),
  text('payee_prefix', 10),
  text('payee_suffix', 10),
  req('payee_street_1', 34),
  text('payee_street_2', 34),
  req('payee_city', 30),
  req('payee_state', 2, STATE),
  req('payee_zip_code', 9, ZIP),
  text('election_code', 5, { pattern: ELECTION_CODE }),
  text('election_other_description', 20),
  date('expenditure_date', true),
  amount('expenditure_amount', true),
  amount('semi_annual_refunded_bundled_amt'),
  req('expenditure_purpose_descrip', 100),
  text('category_code', 3),
  ...blank(
    'beneficiary_committee_fec_id',
    'beneficiary_committee_name',
    'beneficiary_candidate_fec_id',
    'beneficiary_candidate_last_name',
    'beneficiary_candidate_first_name',
    'beneficiary_candidate_middle_name',
    'beneficiary_candidate_prefix',
    'beneficiary_candidate_suffix',
    'beneficiary_candidate_office',
    'beneficiary_candidate_state',
    'beneficiary_candidate_district',
    'conduit_name',
    'conduit_street_1',
    'conduit_street_2',
    'conduit_city',
    'conduit_state',
    'conduit_zip_code',
  ),
  text('memo_code', 1, { pattern: /^X$/ }),
  text('memo_text_description', 100),
  text('reference_to_si_or_sl_system_code_that_identifies_the_account', 9),
];

/** F6: the 48-hour notice's cover, 24 fields (mappings.json `(^f6$)|(^f6[an])`, 8.x). */
export const F6: readonly FieldRule[] = [
  req('form_type', 4, /^F6$/),
  req('filer_committee_id_number', 9, COMMITTEE_ID),
  date('original_amendment_date'),
  req('committee_name', 200),
  req('street_1', 34),
  text('street_2', 34),
  req('city', 30),
  req('state', 2, STATE),
  req('zip_code', 9, ZIP),
  req('candidate_id_number', 9, /^[HS]\d[A-Z]{2}\d{5}$/),
  req('candidate_last_name', 30),
  req('candidate_first_name', 20),
  text('candidate_middle_name', 20),
  text('candidate_prefix', 10),
  text('candidate_suffix', 10),
  req('candidate_office', 1, /^[HS]$/),
  req('candidate_state', 2, STATE),
  text('candidate_district', 2, { pattern: /^\d{2}$/ }),
  req('signer_last_name', 30),
  req('signer_first_name', 20),
  text('signer_middle_name', 20),
  text('signer_prefix', 10),
  text('signer_suffix', 10),
  date('date_signed', true),
];

/** F65: one contribution in a 48-hour notice, 20 fields (mappings.json `^f65`, 8.x). */
export const F65: readonly FieldRule[] = [
  req('form_type', 4, /^F65$/),
  req('filer_committee_id_number', 9, COMMITTEE_ID),
  req('transaction_id', 20),
  req('entity_type', 3, /^IND$/),
  text('contributor_organization_name', 200),
  req('contributor_last_name', 30),
  req('contributor_first_name', 20),
  text('contributor_middle_name', 20),
  text('contributor_prefix', 10),
  text('contributor_suffix', 10),
  req('contributor_street_1', 34),
  text('contributor_street_2', 34),
  req('contributor_city', 30),
  req('contributor_state', 2, STATE),
  req('contributor_zip_code', 9, ZIP),
  text('contributor_fec_id', 9),
  date('contribution_date', true),
  amount('contribution_amount', true),
  req('contributor_employer', 38),
  req('contributor_occupation', 38),
];

export const LAYOUTS: Record<string, readonly FieldRule[]> = {
  HDR,
  F3N: F3,
  F3A: F3,
  SA11AI: SA,
  SB20A: SB,
  F6,
  F65,
};
