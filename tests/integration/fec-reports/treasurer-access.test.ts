import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkRecord } from '../../../api/modules/fec-reports/fec-records';
import { demoAccounts } from '../../factories/accounts';
import { giveGift } from '../../factories/donations';
import { signedIn } from '../../factories/staff';
import type { TestApp, TestBrowser } from '../../factories/test-app';
import { createTestApp } from '../../factories/test-app';

/**
 * Treasurer access (docs/decisions/0090-fec-reports.md): the candidate names a member by email and
 * revokes them, both audited; a treasurer sees the campaign's money, notices and reports and
 * nothing else; every other principal gets sign-in or the normal 404 on every treasury URL.
 */
let t: TestApp;
let marisol: TestBrowser;
let marisolId: number;
let memberId: number;

beforeAll(async () => {
  t = await createTestApp();
  const made = await demoAccounts(t.db, 'candidate', 'member', 'vendor', 'organization');
  marisolId = made.candidate.id;
  memberId = made.member.id;
  marisol = await signedIn(t, 'candidate@demo.campaignhq.test');
  await marisol.form('/campaign-dashboard/elections', { primaryOn: '2026-05-05', generalOn: '2026-11-03' });
  await marisol.form('/campaign-dashboard/committee', {
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
  });
  await giveGift(t.db, {
    candidateId: marisolId,
    amountCents: 30_000,
    first: 'Ana',
    last: 'Lopez',
    employer: 'Acme',
    occupation: 'Welder',
    paidAt: new Date('2026-02-10T15:00:00Z'),
  });
});
afterAll(() => t.close());

const urls = (id: number) => [
  `/treasury/${id}`,
  `/treasury/${id}/reports`,
  `/treasury/${id}/reports/report.fec?report=2026-Q1`,
  `/treasury/${id}/reports/report.csv?report=2026-Q1`,
  `/treasury/${id}/compliance.csv?from=2026-02-01&to=2026-02-28`,
];

describe('naming a treasurer', () => {
  it('refuses an unknown email or the candidate themself, with the field’s error', async () => {
    const unknown = await marisol.form('/campaign-dashboard/treasurers', { email: 'nobody@example.test' });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain('No member has this email.');
    const self = await marisol.form('/campaign-dashboard/treasurers', {
      email: 'candidate@demo.campaignhq.test',
    });
    expect(await self.text()).toContain('You already see your own reports.');
    expect((await marisol.form('/campaign-dashboard/treasurers', { email: 'not an email' })).status).toBe(
      400,
    );
  });

  it('names a member by email (emailed, audited), who then sees the money and the same quarterly file', async () => {
    const res = await marisol.form('/campaign-dashboard/treasurers', {
      email: 'Member@Demo.CampaignHQ.test',
    });
    expect(res.status).toBe(303);
    expect(
      (await marisol.form('/campaign-dashboard/treasurers', { email: 'member@demo.campaignhq.test' })).status,
    ).toBe(400);
    const audit = await t.db
      .selectFrom('audit_logs')
      .select(['action', 'actor_id'])
      .where('target_type', '=', 'campaign_treasurer')
      .execute();
    expect(audit).toEqual([{ action: 'treasurer.named', actor_id: marisolId }]);
    const mail = await t.db
      .selectFrom('email_outbox')
      .select('subject')
      .where('to_address', '=', 'member@demo.campaignhq.test')
      .execute();
    expect(mail.map((m) => m.subject)).toContain('Marisol Grant named you treasurer');

    const jordan = await signedIn(t, 'member@demo.campaignhq.test');
    expect(await (await jordan.request('/treasury')).text()).toContain(`href="/treasury/${marisolId}"`);
    for (const url of urls(marisolId)) expect((await jordan.request(url)).status, url).toBe(200);
    const theirs = await (
      await jordan.request(`/treasury/${marisolId}/reports/report.fec?report=2026-Q1`)
    ).text();
    const hers = await (
      await marisol.request('/campaign-dashboard/reports/report.fec?report=2026-Q1')
    ).text();
    expect(theirs).toBe(hers);
    for (const line of theirs.split(/(?<=\n)/)) expect(checkRecord(line)).toEqual([]);
    // The contributions CSV too: the same file as hers, the treasury page links it, a bad range is refused.
    const range = 'from=2026-02-01&to=2026-02-28';
    const theirCsv = await (await jordan.request(`/treasury/${marisolId}/compliance.csv?${range}`)).text();
    expect(theirCsv).toBe(
      await (await marisol.request(`/campaign-dashboard/compliance.csv?${range}`)).text(),
    );
    expect(theirCsv).toContain('Lopez');
    expect(await (await jordan.request(`/treasury/${marisolId}`)).text()).toContain(
      `/treasury/${marisolId}/compliance.csv?from=`,
    );
    const refused = await jordan.request(`/treasury/${marisolId}/compliance.csv?from=2026-13-01&to=x`);
    expect(refused.status).toBe(400);
    // Nothing else of the candidate's: her dashboard, committee, outreach and treasurers stay closed.
    for (const url of [
      '/campaign-dashboard',
      '/campaign-dashboard/committee',
      '/campaign-dashboard/treasurers',
      '/campaign-dashboard/outreach',
    ])
      expect((await jordan.request(url)).status, url).toBe(404);
  });

  it('is sign-in for visitors and the normal 404 for members who are not her treasurer', async () => {
    for (const url of urls(marisolId)) {
      const visitor = await t.app.request(url);
      expect(visitor.status, url).toBe(302);
      expect(visitor.headers.get('location')).toMatch(/signin\?callbackUrl=%2Ftreasury/);
    }
    for (const email of ['vendor@demo.campaignhq.test', 'organization@demo.campaignhq.test']) {
      const other = await signedIn(t, email);
      for (const url of urls(marisolId))
        expect((await other.request(url)).status, `${email} ${url}`).toBe(404);
    }
    const jordan = await signedIn(t, 'member@demo.campaignhq.test');
    // A treasurer of one candidate is nobody at another's (her own id here is not a candidate she treasures).
    for (const url of urls(memberId)) expect((await jordan.request(url)).status, url).toBe(404);
    expect((await jordan.request('/treasury/abc')).status).toBe(404);
  });

  it('revokes: audited, and every treasury URL is the normal 404 again', async () => {
    const row = await t.db
      .selectFrom('campaign_treasurers')
      .select('id')
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    const jordan = await signedIn(t, 'member@demo.campaignhq.test');
    // Only the candidate revokes, and only her own.
    expect((await jordan.form(`/campaign-dashboard/treasurers/${row.id}/revoke`, {})).status).toBe(404);
    expect((await marisol.form(`/campaign-dashboard/treasurers/${row.id}/revoke`, {})).status).toBe(303);
    expect((await marisol.form(`/campaign-dashboard/treasurers/${row.id}/revoke`, {})).status).toBe(404);
    for (const url of urls(marisolId)) expect((await jordan.request(url)).status, url).toBe(404);
    const audit = await t.db
      .selectFrom('audit_logs')
      .select('action')
      .where('target_type', '=', 'campaign_treasurer')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['treasurer.named', 'treasurer.revoked']);
  });
});
