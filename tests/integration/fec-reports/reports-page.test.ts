import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkRecord, recordFields } from '../../../api/modules/fec-reports/fec-records';
import { demoAccounts } from '../../factories/accounts';
import { giveGift, makeCandidate, makeDonor } from '../../factories/donations';
import { signedIn } from '../../factories/staff';
import type { TestApp, TestBrowser } from '../../factories/test-app';
import { createTestApp } from '../../factories/test-app';

/** /campaign-dashboard/reports and its downloads (docs/decisions/0090-fec-reports.md). */
let t: TestApp;
let marisol: TestBrowser;
let jordan: TestBrowser;

const committee = {
  committeeId: 'C00990318',
  committeeName: 'Marisol Grant for Congress',
  street1: '250 East Broad Street',
  city: 'Columbus',
  state: 'OH',
  zip: '43215',
  candidateFecId: 'H6OH03109',
  office: 'H',
  electionState: 'OH',
  district: '03',
  treasurerFirstName: 'Teresa',
  treasurerLastName: 'Alvarez',
};

beforeAll(async () => {
  t = await createTestApp();
  const made = await demoAccounts(t.db, 'candidate', 'member', 'vendor');
  await makeCandidate(t.db, made.member.id, 'jordan-rivera');
  marisol = await signedIn(t, 'candidate@demo.campaignhq.test');
  jordan = await signedIn(t, 'member@demo.campaignhq.test');
  for (const b of [marisol, jordan])
    await b.form('/campaign-dashboard/elections', { primaryOn: '2026-05-05', generalOn: '2026-11-03' });
  await marisol.form('/campaign-dashboard/committee', committee);
  const ana = await makeDonor(t.db, { first: 'Ana', last: 'Núñez' });
  const candidateId = made.candidate.id;
  // $150 then $100 in Q1 2026: over $200, so both are itemized; one $50 from someone else is not.
  await giveGift(t.db, {
    candidateId,
    donorId: ana,
    amountCents: 15_000,
    first: 'Ana',
    last: 'Núñez',
    paidAt: new Date('2026-02-10T15:00:00Z'),
    employer: 'Acme',
    occupation: 'Welder',
  });
  await giveGift(t.db, {
    candidateId,
    donorId: ana,
    amountCents: 10_000,
    first: 'Ana',
    last: 'Núñez',
    paidAt: new Date('2026-03-20T15:00:00Z'),
  });
  await giveGift(t.db, {
    candidateId,
    amountCents: 5_000,
    first: 'Ben',
    last: 'Small',
    paidAt: new Date('2026-03-21T15:00:00Z'),
  });
});
afterAll(() => t.close());

describe('the reports page', () => {
  it('lists the cycle’s reports with their downloads, on the free tier too', async () => {
    const res = await marisol.request('/campaign-dashboard/reports');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('April quarterly 2026');
    expect(html).toContain('href="/campaign-dashboard/reports/report.fec?report=2026-Q1"');
    expect(html).toContain('href="/campaign-dashboard/reports/report.csv?report=2026-12G"');
  });

  it('asks for the committee details before any file', async () => {
    const html = await (await jordan.request('/campaign-dashboard/reports')).text();
    expect(html).toContain('Enter your committee’s FEC details');
    const res = await jordan.request('/campaign-dashboard/reports/report.fec?report=2026-Q1');
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Enter your committee’s FEC details');
  });

  it('downloads the quarterly .fec: header, cover, the itemized donor’s lines, each record well-formed', async () => {
    const res = await marisol.request('/campaign-dashboard/reports/report.fec?report=2026-Q1');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="C00990318-2026-Q1.fec"');
    const body = await res.text();
    const lines = body.split(/(?<=\n)/);
    for (const line of lines) expect(checkRecord(line)).toEqual([]);
    const records = lines.map(recordFields);
    expect(records.map((r) => r.form_type ?? r.record_type)).toEqual(['HDR', 'F3N', 'SA11AI', 'SA11AI']);
    expect(records[1]).toMatchObject({
      col_a_individual_contributions_itemized: '250.00',
      col_a_individual_contributions_unitemized: '50.00',
      coverage_from_date: '20260101',
      coverage_through_date: '20260331',
    });
    expect(records[2]).toMatchObject({ contributor_last_name: 'Nunez', contribution_aggregate: '150.00' });
    // The second gift gave no employer: the person's earlier answer stands for it.
    expect(records[3]).toMatchObject({ contribution_aggregate: '250.00', contributor_employer: 'Acme' });
  });

  it('offers the same rows as CSV in the file’s column order', async () => {
    const res = await marisol.request('/campaign-dashboard/reports/report.csv?report=2026-Q1');
    expect(res.status).toBe(200);
    const rows = (await res.text()).trim().split('\r\n');
    expect(rows[0]!.split(',').slice(0, 3)).toEqual([
      'form_type',
      'filer_committee_id_number',
      'transaction_id',
    ]);
    expect(rows).toHaveLength(3);
    expect(rows[1]!.split(',')[7]).toBe('Nunez');
  });

  it('refuses a bad query with the page and its errors, never a 5xx', async () => {
    for (const q of [
      'report=2031-Q9',
      'report=custom&from=2026-02-01',
      'report=2026-Q1&amends=abc&amendment=1',
      'report=2026-Q1&cash=lots',
    ]) {
      const res = await marisol.request(`/campaign-dashboard/reports/report.fec?${q}`);
      expect(res.status, q).toBe(400);
    }
    const html = await (
      await marisol.request('/campaign-dashboard/reports/report.fec?report=custom&from=2026-02-01')
    ).text();
    expect(html).toContain('Enter the last day.');
  });

  it('is the normal 404 for a member who is not a candidate', async () => {
    const vendor = await signedIn(t, 'vendor@demo.campaignhq.test');
    expect((await vendor.request('/campaign-dashboard/reports')).status).toBe(404);
    expect((await vendor.request('/campaign-dashboard/reports/report.fec?report=2026-Q1')).status).toBe(404);
  });
});
