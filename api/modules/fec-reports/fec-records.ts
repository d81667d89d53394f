import { FIELD_SEPARATOR, type FieldRule, LAYOUTS } from './fec-layouts';
import { isFecText } from './fec-text';

/**
 * Writing and checking the file's records (docs/decisions/0090-fec-reports.md). A record is built
 * from named values in its layout's order, so a field cannot land in the wrong column; the checker
 * reads a line back against the same rules and the FEC's conditional ones, and is what the tests
 * run every record of a file through.
 */
export type FieldValues = Record<string, string | null | undefined>;

/** 2500 → '25.00': dollars with two decimals, no separators. */
export function fecAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** '2026-04-15' → '20260415'. */
export function fecDate(day: string): string {
  return day.replaceAll('-', '');
}

/** One line of the file: the values in the layout's order, unnamed fields empty. */
export function fecRecord(layout: readonly FieldRule[], values: FieldValues): string {
  for (const name of Object.keys(values)) {
    if (!layout.some((f) => f.name === name)) throw new Error(`No field ${name} in ${layout[0]?.name}`);
  }
  return `${layout.map((f) => values[f.name] ?? '').join(FIELD_SEPARATOR)}\n`;
}

const DATE = /^\d{8}$/;
const AMOUNT = /^-?\d{1,9}\.\d{2}$/;

function realDate(v: string): boolean {
  const iso = `${v.slice(0, 4)}-${v.slice(4, 6)}-${v.slice(6, 8)}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso;
}

function fieldErrors(rule: FieldRule, value: string): string[] {
  if (!value) return rule.required ? [`${rule.name} is required`] : [];
  const errors: string[] = [];
  if (!isFecText(value)) errors.push(`${rule.name} is not printable ASCII`);
  if (value.length > rule.max) errors.push(`${rule.name} is longer than ${rule.max}`);
  if (rule.kind === 'date' && !(DATE.test(value) && realDate(value)))
    errors.push(`${rule.name} is not a YYYYMMDD date`);
  if (rule.kind === 'amount' && !AMOUNT.test(value))
    errors.push(`${rule.name} is not an amount with two decimals`);
  if (rule.pattern && !rule.pattern.test(value)) errors.push(`${rule.name} does not match ${rule.pattern}`);
  return errors;
}

/** The FEC's conditional rules, by form (fecfile-validate's `allOf` clauses and the F3 instructions). */
function conditionalErrors(form: string, v: Record<string, string>): string[] {
  const errors: string[] = [];
  if (form === 'SA11AI' && Number(v.contribution_aggregate) > 200) {
    if (!v.contributor_employer) errors.push('contributor_employer is required over a $200 aggregate');
    if (!v.contributor_occupation) errors.push('contributor_occupation is required over a $200 aggregate');
  }
  if (form === 'F3N' || form === 'F3A') {
    const electionReport = ['12P', '12G', '30G'].includes(v.report_code ?? '');
    for (const name of ['election_code', 'election_date', 'state_of_election']) {
      if (electionReport && !v[name]) errors.push(`${name} is required on a ${v.report_code} report`);
      if (!electionReport && v[name]) errors.push(`${name} is only for pre- and post-election reports`);
    }
    if ((v.coverage_from_date ?? '') > (v.coverage_through_date ?? ''))
      errors.push('coverage_from_date is after coverage_through_date');
  }
  if (form === 'SB20A' && v.back_reference_tran_id_number && !v.back_reference_sched_name)
    errors.push('back_reference_sched_name is required with a back reference');
  return errors;
}

/** Every broken rule of one line (empty when it is well-formed). */
export function checkRecord(line: string): string[] {
  if (!line.endsWith('\n') || line.slice(0, -1).includes('\n'))
    return ['a record is one line ended by a line feed'];
  const fields = line.slice(0, -1).split(FIELD_SEPARATOR);
  const form = fields[0] ?? '';
  const layout = LAYOUTS[form];
  if (!layout) return [`unknown record type ${JSON.stringify(form)}`];
  if (fields.length !== layout.length) return [`${form} has ${fields.length} fields, not ${layout.length}`];
  const named = Object.fromEntries(layout.map((rule, i) => [rule.name, fields[i] ?? '']));
  return [
    ...layout.flatMap((rule, i) => fieldErrors(rule, fields[i] ?? '').map((e) => `${form}: ${e}`)),
    ...conditionalErrors(form, named).map((e) => `${form}: ${e}`),
  ];
}

/** A record's values by field name, for tests and the CSV. */
export function recordFields(line: string): Record<string, string> {
  const fields = line.replace(/\n$/, '').split(FIELD_SEPARATOR);
  const layout = LAYOUTS[fields[0] ?? ''] ?? [];
  return Object.fromEntries(layout.map((rule, i) => [rule.name, fields[i] ?? '']));
}
