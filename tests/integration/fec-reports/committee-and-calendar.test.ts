import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../factories/accounts';
import { signedIn } from '../../factories/staff';
import type { TestApp, TestBrowser } from '../../factories/test-app';
import { createTestApp } from '../../factories/test-app';

/** /campaign-dashboard/committee (docs/decisions/0090-fec-reports.md). */
let t: TestApp;
let marisol: TestBrowser;
let marisolId: number;

beforeAll(async () => {
  t = await createTestApp();
  const made = await demoAccounts(t.db, 'candidate', 'vendor');
  marisolId = made.candidate.id;
  marisol = await signedIn(t, 'candidate@demo.campaignhq.test');
});
afterAll(() => t.close());

const details = {
  committeeId: 'C00990318',
  committeeName: 'Marisol Grant for Congress',
  street1: '250 East Broad Street',
  street2: '',
  city: 'Columbus',
  state: 'OH',
  zip: '43215',
  candidateFecId: 'H6OH03109',
  office: 'H',
  electionState: 'OH',
  district: '03',
  treasurerFirstName: 'Teresa',
  treasurerLastName: 'Alvarez',
  timeZone: '',
};

describe('the committee details page', () => {
  it('is the normal 404 for a member who is not a candidate, and sign-in for a visitor', async () => {
    const vendor = await signedIn(t, 'vendor@demo.campaignhq.test');
    expect((await vendor.request('/campaign-dashboard/committee')).status).toBe(404);
    expect((await vendor.form('/campaign-dashboard/committee', details)).status).toBe(404);
    expect((await t.app.request('/campaign-dashboard/committee')).status).toBe(302);
  });

  it('refuses malformed details with each field’s own error, keeping what was typed, and saves nothing', async () => {
    const res = await marisol.form('/campaign-dashboard/committee', {
      ...details,
      committeeId: 'C123',
      candidateFecId: 'H6PA03109',
      district: '',
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('Enter the committee ID as C and 8 digits');
    expect(html).toContain('names PA, not OH');
    expect(html).toContain('Enter your district as two digits');
    expect(html).toMatch(/id="committee-committeeId"[^>]*aria-invalid="true"/);
    expect(html).toContain('value="C123"');
    const rows = await t.db
      .selectFrom('fec_committees')
      .selectAll()
      .where('candidate_id', '=', marisolId)
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('saves well-formed details, shows them again, and a second save changes them', async () => {
    const res = await marisol.form('/campaign-dashboard/committee', details);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/campaign-dashboard/committee?saved=1');
    const html = await (await marisol.request('/campaign-dashboard/committee?saved=1')).text();
    expect(html).toContain('Your committee details are saved.');
    expect(html).toContain('value="Marisol Grant for Congress"');
    await marisol.form('/campaign-dashboard/committee', {
      ...details,
      timeZone: 'America/Chicago',
      zip: '43215-0001',
    });
    const row = await t.db
      .selectFrom('fec_committees')
      .selectAll()
      .where('candidate_id', '=', marisolId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ committee_id: 'C00990318', zip: '432150001', time_zone: 'America/Chicago' });
    expect(row.election_district).toBe('03');
  });

  it('is linked from the dashboard', async () => {
    const html = await (await marisol.request('/campaign-dashboard')).text();
    expect(html).toContain('href="/campaign-dashboard/committee"');
  });
});

describe("the dashboard's deadline calendar", () => {
  it('lists the cycle’s reports, the waived quarterly and the 48-hour windows from the election dates', async () => {
    await marisol.form('/campaign-dashboard/elections', { primaryOn: '2026-07-21', generalOn: '2026-11-03' });
    const html = await (await marisol.request('/campaign-dashboard')).text();
    const calendar = html.slice(html.indexOf('data-testid="deadline-calendar"'));
    expect(calendar).toContain('Pre-general 2026');
    expect(calendar).toMatch(
      /Pre-general 2026<\/td><td>Oct 1, 2026 – Oct 14, 2026<\/td><td><time dateTime="2026-10-22">/,
    );
    expect(calendar).toMatch(/Post-general 2026<\/td><td>Oct 15, 2026 – Nov 23, 2026/);
    expect(calendar).toContain(
      'No July quarterly report (due Jul 15, 2026): the Pre-primary 2026 covers its days.',
    );
    expect(calendar).toContain(
      'General (Nov 3, 2026): each gift of $1,000.00 or more received Oct 15, 2026 through Oct 31, 2026 needs a notice within 48 hours.',
    );
  });
});
