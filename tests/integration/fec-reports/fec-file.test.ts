import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fecReportLines } from '../../../api/modules/fec-reports/fec-file';
import { checkRecord, recordFields } from '../../../api/modules/fec-reports/fec-records';
import { reportRequest } from '../../../api/modules/fec-reports/report-request-builder';
import { reportQuery } from '../../../api/modules/fec-reports/report-schema';
import { zonedDay } from '../../../api/platform/zoned-time';
import type { DbHandle } from '../../../db/client';
import { CYCLE_ZONE, type CycleGift, seedFecCycle } from '../../factories/fec-cycle';
import { createTestDatabase } from '../../factories/test-db';

/**
 * The `.fec` file over a seeded cycle of 10,000 gifts (docs/decisions/0090-fec-reports.md): every
 * record of every report of the cycle passes the field rules, and each report's receipts, refunds
 * and itemized lines reconcile, to the cent, with what the gifts themselves say.
 */
let handle: DbHandle;
let candidateId: number;
let gifts: CycleGift[];
const NOW = new Date('2026-11-20T15:00:00Z');

beforeAll(async () => {
  handle = await createTestDatabase();
  ({ candidateId, gifts } = await seedFecCycle(handle.db, 10_000));
}, 120_000);
afterAll(() => handle.close());

async function fileOf(query: Record<string, string>) {
  const req = await reportRequest(handle.db, candidateId, reportQuery.parse(query), NOW);
  const lines: string[] = [];
  for await (const line of fecReportLines(handle.db, req)) lines.push(line);
  return { req, lines, records: lines.map(recordFields) };
}

const cents = (amount: string) => Math.round(Number(amount) * 100);
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const dayOf = (at: Date) => zonedDay(at, CYCLE_ZONE);

describe('the .fec file of every report of a 10,000-gift cycle', () => {
  it('passes the field rules in every record, and reconciles every report with the gifts', async () => {
    const first = await reportRequest(handle.db, candidateId, reportQuery.parse({ report: '2025-Q1' }), NOW);
    const reports = first.schedule.reports;
    expect(reports.map((r) => r.key)).toContain('2026-12P');
    let records = 0;
    let itemizedLines = 0;
    let markers = 0;
    const seen = new Set<string>();
    for (const period of reports) {
      const { lines, records: fields } = await fileOf({ report: period.key });
      records += lines.length;
      const errors = lines.flatMap((line) => checkRecord(line).map((e) => `${period.key}: ${e}`));
      expect(errors.slice(0, 5)).toEqual([]);
      expect(fields[0]).toMatchObject({ record_type: 'HDR', fec_version: '8.5' });
      const cover = fields[1]!;
      expect(cover).toMatchObject({ form_type: 'F3N', report_code: period.code });

      const inPeriod = gifts.filter(
        (g) => dayOf(g.receivedAt) >= period.from && dayOf(g.receivedAt) <= period.through,
      );
      const refunds = gifts.filter(
        (g) => g.refundedAt && dayOf(g.refundedAt) >= period.from && dayOf(g.refundedAt) <= period.through,
      );
      // Receipts are every gift received in the dates, refunded ones included; refunds, those made in them.
      const itemized = cents(cover.col_a_individual_contributions_itemized!);
      const unitemized = cents(cover.col_a_individual_contributions_unitemized!);
      expect(itemized + unitemized, period.key).toBe(sum(inPeriod.map((g) => g.amountCents)));
      expect(cents(cover.col_a_refunds_to_individuals!), period.key).toBe(
        sum(refunds.map((g) => g.amountCents)),
      );

      // The cover's lines are the sums of their lines.
      const a = (name: string) => cents(cover[`col_a_${name}`]!);
      expect(a('total_individual_contributions')).toBe(itemized + unitemized);
      expect(a('total_contributions')).toBe(a('total_individual_contributions'));
      expect(a('total_contributions_no_loans')).toBe(a('total_contributions'));
      expect(a('net_contributions')).toBe(
        a('total_contributions_no_loans') - a('total_contributions_refunds'),
      );
      expect(a('total_receipts')).toBe(a('total_contributions'));
      expect(a('total_refunds')).toBe(a('refunds_to_individuals'));
      expect(a('total_disbursements')).toBe(a('operating_expenditures') + a('total_refunds'));
      expect(a('subtotals')).toBe(a('cash_beginning_reporting_period') + a('total_receipts_period'));
      expect(a('cash_on_hand_close')).toBe(a('subtotals') - a('total_disbursements_period'));

      // Every person over $200 in the cycle by the period's end is itemized: each of their gifts in it, once.
      const cycleTotal = new Map<number, number>();
      for (const g of gifts)
        if (dayOf(g.receivedAt) <= period.through)
          cycleTotal.set(g.person, (cycleTotal.get(g.person) ?? 0) + g.amountCents);
      const expected = inPeriod.filter((g) => (cycleTotal.get(g.person) ?? 0) > 20_000);
      const sa = fields.filter((f) => f.form_type === 'SA11AI');
      expect(sa.map((f) => f.transaction_id).sort(), period.key).toEqual(
        expected.map((g) => `SA${g.id}`).sort(),
      );
      expect(sum(sa.map((f) => cents(f.contribution_amount!)))).toBe(itemized);
      for (const f of sa) {
        itemizedLines++;
        seen.add(f.transaction_id!);
        if (cents(f.contribution_aggregate!) > 20_000) {
          expect(f.contributor_employer, f.transaction_id).not.toBe('');
          expect(f.contributor_occupation, f.transaction_id).not.toBe('');
        }
        if (f.contributor_employer!.startsWith('INFORMATION REQUESTED')) markers++;
      }
      // The aggregate on a line is the person's cycle total up to and including that gift.
      const byId = new Map(gifts.map((g) => [`SA${g.id}`, g]));
      for (const f of sa.slice(0, 200)) {
        const g = byId.get(f.transaction_id!)!;
        const upTo = gifts.filter(
          (x) =>
            x.person === g.person &&
            (x.receivedAt < g.receivedAt ||
              (x.receivedAt.getTime() === g.receivedAt.getTime() && Number(x.id) <= Number(g.id))),
        );
        expect(cents(f.contribution_aggregate!), f.transaction_id).toBe(sum(upTo.map((x) => x.amountCents)));
      }
      const sb = fields.filter((f) => f.form_type === 'SB20A');
      expect(sb).toHaveLength(refunds.length);
      for (const f of sb)
        if (f.back_reference_tran_id_number) expect(f.back_reference_sched_name).toBe('SA11AI');
    }
    expect(records).toBeGreaterThan(3000);
    expect(seen.size).toBe(itemizedLines);
    expect(markers).toBeGreaterThan(0);
  }, 120_000);

  it('writes an amendment as F3A pointing at the original, with the same transaction IDs', async () => {
    const original = await fileOf({ report: '2026-Q3' });
    const amended = await fileOf({ report: '2026-Q3', amends: 'FEC-1234567', amendment: '2' });
    expect(amended.records[0]).toMatchObject({ report_id: 'FEC-1234567', report_number: '2' });
    expect(amended.records[1]!.form_type).toBe('F3A');
    const ids = (r: typeof original) =>
      r.records.slice(2).map((f) => f.transaction_id ?? f.transaction_id_number);
    expect(ids(amended)).toEqual(ids(original));
    expect(amended.lines.slice(2)).toEqual(original.lines.slice(2));
    for (const line of amended.lines) expect(checkRecord(line)).toEqual([]);
  }, 60_000);

  it('carries the lines the committee entered, and names the election on pre-election reports', async () => {
    const { records } = await fileOf({
      report: '2026-12G',
      cash: '10,000',
      operating: '2500.50',
      operatingCycle: '9000',
    });
    const cover = records[1]!;
    expect(cover).toMatchObject({
      report_code: '12G',
      election_code: 'G2026',
      election_date: '20261103',
      state_of_election: 'OH',
      coverage_from_date: '20261001',
      coverage_through_date: '20261014',
      col_a_cash_beginning_reporting_period: '10000.00',
      col_a_operating_expenditures: '2500.50',
      col_b_operating_expenditures: '9000.00',
      date_signed: '20261120',
    });
  }, 60_000);
});
