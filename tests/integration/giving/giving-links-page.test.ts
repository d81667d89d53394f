import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../factories/accounts';
import { aCandidate, giveGift } from '../../factories/donations';
import { signedIn } from '../../factories/staff';
import { createTestApp, type TestApp, TestBrowser } from '../../factories/test-app';

/**
 * A donation link's query (docs/decisions/0094-refcodes-and-honest-monthly.md): its refcodes ride
 * the form to the gift, its amount is chosen for the donor, and nothing in it chooses monthly.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t?.close());

/** The opening tag of the element with this id in the page's HTML. */
const tagOf = (html: string, id: string) => new RegExp(`<input[^>]*id="${id}"[^>]*>`).exec(html)?.[0] ?? '';

describe('a donation link', () => {
  it('never pre-selects monthly (nor once), whatever the URL says', async () => {
    const c = await aCandidate(t.db);
    for (const query of [
      'frequency=monthly',
      'frequency=once',
      'frequency=monthly&recurring=1&monthly=true',
    ]) {
      const html = await (await t.app.request(`/donate/${c.handle}?${query}`)).text();
      expect(html).toContain('data-island="DonationForm"');
      expect(tagOf(html, 'donate-frequency-monthly')).not.toMatch(/checked/);
      expect(tagOf(html, 'donate-frequency-once')).not.toMatch(/checked/);
      expect(html).not.toContain('"frequency":"monthly"');
    }
  });

  it('chooses the amount it names and nothing else, and posts its refcodes with the gift', async () => {
    const c = await aCandidate(t.db);
    const html = await (
      await t.app.request(`/donate/${c.handle}?refcode=spring-mailer&refcode2=b&amount=50`)
    ).text();
    expect(tagOf(html, 'donate-amount-1')).toMatch(/value="5000"[^>]*checked|checked[^>]*value="5000"/);
    expect(tagOf(html, 'donate-amount-0')).not.toMatch(/checked/);
    expect(html).toMatch(/<input type="hidden" name="refcode" value="spring-mailer"\/>/);
    expect(html).toMatch(/<input type="hidden" name="refcode2" value="b"\/>/);
    const odd = await (await t.app.request(`/donate/${c.handle}?amount=37.5&refcode=%3Cx%3E`)).text();
    expect(tagOf(odd, 'donate-custom')).toContain('value="37.50"');
    expect(odd).not.toContain('name="refcode"');
  });
});

describe('"By source" on the campaign dashboard', () => {
  it('lists paid gifts per refcode, names the send, and downloads as CSV', async () => {
    const { candidate } = await demoAccounts(t.db, 'candidate');
    const browser = await signedIn(t, 'candidate@demo.campaignhq.test');
    const send = await t.db
      .insertInto('mass_email_sends')
      .values({
        audience_kind: 'candidate-supporters',
        audience_params: {},
        audience_label: 'Your people',
        audience_reason: 'you follow Casey',
        subject: 'Polls close at 8',
        body: 'Give',
        from_name: 'Casey',
        created_by: candidate.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const one = await giveGift(t.db, { candidateId: candidate.id, amountCents: 2_500 });
    const two = await giveGift(t.db, { candidateId: candidate.id, amountCents: 4_000 });
    await giveGift(t.db, { candidateId: candidate.id, amountCents: 1_000 });
    await t.db
      .updateTable('donations')
      .set({ refcode: `em-${send.id}` })
      .where('id', '=', one.id)
      .execute();
    await t.db.updateTable('donations').set({ refcode: '=cmd' }).where('id', '=', two.id).execute();

    const page = await (await browser.request('/campaign-dashboard')).text();
    const table = /data-testid="sources"[\s\S]*?<\/table>/.exec(page)?.[0] ?? '';
    expect(table).toContain(`Email ${send.id}: Polls close at 8`);
    expect(table).toContain('No refcode');
    expect(table).toContain('$40.00');

    const csv = await browser.request('/campaign-dashboard/sources.csv');
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe('source,refcode,gifts,amount,donors,new_monthly_gifts');
    expect(lines).toContain(`Email ${send.id}: Polls close at 8,em-${send.id},1,25.00,1,0`);
    // A refcode is the campaign's text: the CSV defuses it as a formula.
    expect(lines).toContain(`'=cmd,'=cmd,1,40.00,1,0`);
    expect(lines).toContain('No refcode,,1,10.00,1,0');
    // Visitors and other members are not shown it.
    expect((await new TestBrowser(t).request('/campaign-dashboard/sources.csv')).status).not.toBe(200);
  });
});

describe("the candidate's pitch", () => {
  it('is written on the dashboard and shown on the donation page with the photo; too long is refused', async () => {
    const { candidate } = await demoAccounts(t.db, 'candidate');
    const browser = await signedIn(t, 'candidate@demo.campaignhq.test');
    const handle = (
      await t.db.selectFrom('users').select('handle').where('id', '=', candidate.id).executeTakeFirstOrThrow()
    ).handle;
    await t.db
      .updateTable('users')
      .set({ profile_image: '/media/casey.jpg' })
      .where('id', '=', candidate.id)
      .execute();
    await t.db
      .insertInto('candidate_elections')
      .values({ candidate_id: candidate.id, primary_on: '2099-06-01', general_on: '2099-11-03' })
      .onConflict((oc) => oc.column('candidate_id').doNothing())
      .execute();
    const long = await browser.form('/campaign-dashboard/pitch', { pitch: 'x'.repeat(401) });
    expect(long.status).toBe(400);
    expect(await long.text()).toContain('Keep your pitch to 400 characters.');
    const saved = await browser.form('/campaign-dashboard/pitch', { pitch: 'Clean water for every town.' });
    expect(saved.status).toBe(303);
    const page = await (await t.app.request(`/donate/${handle}`)).text();
    expect(page).toContain('data-testid="giving-pitch">Clean water for every town.<');
    expect(page).toMatch(/<img class="giving-hero__photo" src="\/media\/casey.jpg"/);
    // Emptied: no pitch shown.
    await browser.form('/campaign-dashboard/pitch', { pitch: '' });
    expect(await (await t.app.request(`/donate/${handle}`)).text()).not.toContain(
      'data-testid="giving-pitch"',
    );
  });
});
