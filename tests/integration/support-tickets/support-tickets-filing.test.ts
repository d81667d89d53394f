import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIFT_NOT_YOURS, ORDER_NOT_YOURS } from '../../../api/modules/support-tickets/attachments';
import { DEMO_PASSWORD } from '../../../api/seed/demo-accounts';
import { giveGift, makeDonor } from '../../factories/donations';
import { userId } from '../../factories/staff';
import {
  browserAt,
  emailsTo,
  fileRequest,
  supportApp,
  threadLinkIn,
  ticketCount,
} from '../../factories/support-tickets';
import type { TestApp, TestBrowser } from '../../factories/test-app';

/** Filing a request on /contact: visitors and members, attachments, spam traps and rate limits. */
let t: TestApp;
let member: TestBrowser;

beforeAll(async () => {
  t = await supportApp();
  member = browserAt(t);
  expect((await member.signIn('member@demo.campaignhq.test', DEMO_PASSWORD)).status).toBe(200);
});
afterAll(() => t.close());

describe('a visitor files a request', () => {
  it('stores the ticket with its first message and emails a confirmation with the signed thread link', async () => {
    const res = await fileRequest(browserAt(t), { email: 'Pat.Visitor@Example.org', orderNumber: '' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/contact?sent=1#contact-form');
    const ticket = await t.db
      .selectFrom('support_tickets')
      .selectAll()
      .where('email', '=', 'pat.visitor@example.org')
      .executeTakeFirstOrThrow();
    expect(ticket).toMatchObject({ user_id: null, status: 'open', topic: 'order', order_number: null });
    expect(ticket.reference).toMatch(/^HLP-[A-Z2-9]{8}$/);
    const [mail] = await emailsTo(t, 'pat.visitor@example.org');
    expect(mail?.subject).toBe(`We received your request ${ticket.reference}`);
    expect(threadLinkIn(mail!.text_body)).toContain(ticket.reference);
  });

  it('needs an email address, and refuses bad fields with messages while storing nothing', async () => {
    const before = await ticketCount(t);
    const res = await fileRequest(browserAt(t), { email: '', subject: 'x', message: 'short' });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('Please give your request a short subject.');
    expect(html).toContain('Please write at least 10 characters.');
    const noEmail = await fileRequest(browserAt(t), { email: '' });
    expect(noEmail.status).toBe(400);
    expect(await noEmail.text()).toContain('Please enter your email address so we can answer.');
    expect(await ticketCount(t)).toBe(before);
  });
});

describe('a member files a request', () => {
  it('ties it to their account and answers at their account address, whatever the form says', async () => {
    const res = await fileRequest(member, { email: 'someone.else@example.org', orderNumber: 'chq-demo0001' });
    expect(res.status).toBe(303);
    const location = res.headers.get('location')!;
    expect(location).toMatch(/^\/support\/requests\/HLP-[A-Z2-9]{8}\?filed=1#conversation$/);
    const reference = location.split('/')[3]!.split('?')[0]!;
    const ticket = await t.db
      .selectFrom('support_tickets')
      .selectAll()
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    expect(ticket).toMatchObject({
      user_id: await userId(t, 'member@demo.campaignhq.test'),
      email: 'member@demo.campaignhq.test',
      order_number: 'CHQ-DEMO0001',
    });
    expect(await emailsTo(t, 'someone.else@example.org')).toEqual([]);
    const page = await member.request(location);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('I ordered a large hoodie');
  });

  it("refuses someone else's order or receipt with the same answer as one that does not exist", async () => {
    const before = await ticketCount(t);
    const theirs = await fileRequest(member, { orderNumber: 'CHQ-DEMO0003' });
    const missing = await fileRequest(member, { orderNumber: 'CHQ-NOSUCH99' });
    expect(theirs.status).toBe(400);
    expect(missing.status).toBe(400);
    const escaped = ORDER_NOT_YOURS.replaceAll("'", '&#x27;');
    expect(await theirs.text()).toContain(escaped);
    expect(await missing.text()).toContain(escaped);

    const candidateId = await userId(t, 'candidate@demo.campaignhq.test');
    const donorId = await makeDonor(t.db, { first: 'Gia', last: 'Giver', email: 'gia@example.org' });
    const gift = await giveGift(t.db, { candidateId, donorId, amountCents: 2_500, email: 'gia@example.org' });
    const notMine = await fileRequest(browserAt(t), {
      email: 'nosy@example.org',
      topic: 'donation',
      donationReference: gift.reference,
    });
    expect(notMine.status).toBe(400);
    expect(await notMine.text()).toContain(GIFT_NOT_YOURS.replaceAll("'", '&#x27;'));
    expect(await ticketCount(t)).toBe(before);

    // The donor herself, as a visitor with the address she gave with, may attach it.
    const hers = await fileRequest(browserAt(t), {
      email: 'gia@example.org',
      topic: 'donation',
      donationReference: gift.reference,
    });
    expect(hers.status).toBe(303);
    expect(await ticketCount(t)).toBe(before + 1);
  });
});

describe('spam resistance', () => {
  it('drops a post that filled the honeypot, answering as if it were received', async () => {
    const before = await ticketCount(t);
    const res = await fileRequest(browserAt(t), {
      email: 'bot@example.org',
      website: 'https://cheap-pills.example',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/contact?sent=1#contact-form');
    expect(await ticketCount(t)).toBe(before);
    expect(await emailsTo(t, 'bot@example.org')).toEqual([]);
  });

  it('drops a form sent faster than a person can write one, and accepts one sent without JavaScript', async () => {
    const before = await ticketCount(t);
    await fileRequest(browserAt(t), { email: 'fast@example.org', fill_ms: '400' });
    expect(await ticketCount(t)).toBe(before);
    await fileRequest(browserAt(t), { email: 'nojs@example.org', fill_ms: '' });
    expect(await ticketCount(t)).toBe(before + 1);
  });

  it('limits requests per address: the sixth in ten minutes is refused and stored nowhere', async () => {
    const browser = browserAt(t);
    for (let i = 0; i < 5; i += 1) {
      expect((await fileRequest(browser, { email: `flood${i}@example.org` })).status).toBe(303);
    }
    const before = await ticketCount(t);
    const refused = await fileRequest(browser, { email: 'flood9@example.org' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await refused.text()).toContain('Too many requests.');
    expect(await ticketCount(t)).toBe(before);
  });

  it('limits requests per email address across addresses: the fourth in an hour is refused', async () => {
    for (let i = 0; i < 3; i += 1) {
      expect((await fileRequest(browserAt(t), { email: 'same@example.org' })).status).toBe(303);
    }
    const refused = await fileRequest(browserAt(t), { email: 'SAME@example.org' });
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain('You have sent several requests in the last hour.');
    expect(await emailsTo(t, 'same@example.org')).toHaveLength(3);
  });
});
