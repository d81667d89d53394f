import { describe, expect, it } from 'vitest';
import { SA, SB } from './fec-layouts';
import { checkRecord, fecAmount, fecDate, fecRecord, recordFields } from './fec-records';

/**
 * Hand-checked lines of our `.fec` output (docs/decisions/0090-fec-reports.md): each was also run
 * through fecfile-validate's JSON schemas with ajv, out of the tree, and passed. `|` stands for the
 * File Separator (0x1C) here so the fixtures can be read.
 */
const FS = '\u001c';
const line = (visible: string) => `${visible.replaceAll('|', FS)}\n`;

const SA_LINE = line(
  "SA11AI|C00990046|SA2834|||IND||O'Brien 10|Ana||||Calle Anil 9||Columbus|OH|432151234|G2026||20260704|25.00|625.00||Self-employed|Electrician||||||||||||||||||||",
);
const SA_MARKER_LINE = line(
  'SA11AI|C00990046|SA2474|||IND||Smith|Nguyen||||4500 North Riverside Boulevard Apa||Cuyahoga Falls Township North|OH|432151234|G2026||20260905|100.00|1360.00||INFORMATION REQUESTED|INFORMATION REQUESTED||||||||||||||||||||',
);
const SB_LINE = line(
  'SB20A|C00990046|SB315|SA315|SA11AI|IND||Lee|Sam||||Calle Anil 9||Columbus|OH|43215|G2026||20260723|10.00||Refund of contribution||||||||||||||||||||Donor asked for it back|',
);
const HDR_LINE = line('HDR|FEC|8.5|Campaign HQ|1.0||0|');

describe('hand-checked records', () => {
  it('pass every field rule', () => {
    for (const fixture of [SA_LINE, SA_MARKER_LINE, SB_LINE, HDR_LINE])
      expect(checkRecord(fixture)).toEqual([]);
    expect(SA_LINE.split(FS)).toHaveLength(45);
    expect(SB_LINE.split(FS)).toHaveLength(44);
  });

  it('are what the writer builds from named values, each field in its column', () => {
    const built = fecRecord(SA, {
      form_type: 'SA11AI',
      filer_committee_id_number: 'C00990046',
      transaction_id: 'SA2834',
      entity_type: 'IND',
      contributor_last_name: "O'Brien 10",
      contributor_first_name: 'Ana',
      contributor_street_1: 'Calle Anil 9',
      contributor_city: 'Columbus',
      contributor_state: 'OH',
      contributor_zip_code: '432151234',
      election_code: 'G2026',
      contribution_date: fecDate('2026-07-04'),
      contribution_amount: fecAmount(2500),
      contribution_aggregate: fecAmount(62_500),
      contributor_employer: 'Self-employed',
      contributor_occupation: 'Electrician',
    });
    expect(built).toBe(SA_LINE);
    expect(recordFields(SB_LINE)).toMatchObject({
      back_reference_tran_id_number: 'SA315',
      expenditure_amount: '10.00',
    });
    expect(() => fecRecord(SB, { contributor_last_name: 'x' })).toThrow(/No field/);
  });
});

describe('the checker refuses what the FEC refuses', () => {
  const withField = (fixture: string, index: number, value: string) => {
    const fields = fixture.slice(0, -1).split(FS);
    fields[index] = value;
    return `${fields.join(FS)}\n`;
  };

  it('a wrong field count, an unknown record, a missing line feed', () => {
    expect(checkRecord(SA_LINE.replace(`${FS}\n`, '\n'))).toEqual(['SA11AI has 44 fields, not 45']);
    expect(checkRecord(line('SA99|x'))[0]).toMatch(/unknown record type/);
    expect(checkRecord(SA_LINE.slice(0, -1))[0]).toMatch(/line feed/);
  });

  it('fields too long, not printable ASCII, badly shaped or missing', () => {
    expect(checkRecord(withField(SA_LINE, 7, 'x'.repeat(31)))).toEqual([
      'SA11AI: contributor_last_name is longer than 30',
    ]);
    expect(checkRecord(withField(SA_LINE, 8, 'Zoë'))).toEqual([
      'SA11AI: contributor_first_name is not printable ASCII',
    ]);
    expect(checkRecord(withField(SA_LINE, 19, '20260231'))).toEqual([
      'SA11AI: contribution_date is not a YYYYMMDD date',
    ]);
    expect(checkRecord(withField(SA_LINE, 20, '25'))).toEqual([
      'SA11AI: contribution_amount is not an amount with two decimals',
    ]);
    expect(checkRecord(withField(SA_LINE, 1, 'C123'))[0]).toMatch(/filer_committee_id_number does not match/);
    expect(checkRecord(withField(SA_LINE, 12, ''))).toEqual(['SA11AI: contributor_street_1 is required']);
  });

  it('an aggregate over $200 without employer or occupation', () => {
    const missing = withField(withField(SA_LINE, 23, ''), 24, '');
    expect(checkRecord(missing)).toEqual([
      'SA11AI: contributor_employer is required over a $200 aggregate',
      'SA11AI: contributor_occupation is required over a $200 aggregate',
    ]);
    expect(checkRecord(withField(missing, 21, '200.00'))).toEqual([]);
  });

  it('writes amounts with two decimals and dates as YYYYMMDD', () => {
    expect([fecAmount(0), fecAmount(5), fecAmount(123_456_789), fecAmount(-250)]).toEqual([
      '0.00',
      '0.05',
      '1234567.89',
      '-2.50',
    ]);
    expect(fecDate('2026-01-31')).toBe('20260131');
  });
});
