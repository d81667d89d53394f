import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { threadToken } from '../../../api/modules/support-tickets/references';
import { DEMO_PASSWORD } from '../../../api/seed/demo-accounts';
import { rest, STAFF_EMAIL, signedIn } from '../../factories/staff';
import { browserAt, emailsTo, fileRequest, supportApp, threadLinkIn } from '../../factories/support-tickets';
import type { TestApp, TestBrowser } from '../../factories/test-app';

/** Reading and answering a request: the signed link, the member's own list, and what stays private. */
let t: TestApp;
let member: TestBrowser;
let candidate: TestBrowser;

async function signedInAt(email: string) {
  const b = browserAt(t);
  expect((await b.signIn(email, DEMO_PASSWORD)).status).toBe(200);
  return b;
}

async function referenceOf(email: string): Promise<string> {
  const row = await t.db
    .selectFrom('support_tickets')
    .select('reference')
    .where('email', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return row.reference;
}

beforeAll(async () => {
  t = await supportApp();
  member = await signedInAt('member@demo.campaignhq.test');
  candidate = await signedInAt('candidate@demo.campaignhq.test');
});
afterAll(() => t.close());

describe('the signed thread link', () => {
  it('lets a visitor read their thread and reply, which opens the request again', async () => {
    await fileRequest(browserAt(t), { email: 'vera@example.org', subject: 'Where is my parcel?' });
    const link = threadLinkIn((await emailsTo(t, 'vera@example.org'))[0]!.text_body);
    const reference = await referenceOf('vera@example.org');
    await t.db
      .updateTable('support_tickets')
      .set({ status: 'resolved' })
      .where('reference', '=', reference)
      .execute();

    const visitor = browserAt(t);
    const page = await visitor.request(link);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    // Other sites get the origin only, never this URL with its token.
    expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    const html = await page.text();
    expect(html).toContain('Where is my parcel?');
    expect(html).toContain('This request is resolved. Replying opens it again.');

    const token = new URL(link, 'http://x').searchParams.get('token')!;
    const reply = await visitor.form(`/support/requests/${reference}`, {
      token,
      message: 'Still nothing arrived, tracking has not moved.',
    });
    expect(reply.status).toBe(303);
    expect(reply.headers.get('location')).toContain('replied=1');
    const after = await visitor.request(link);
    expect(await after.text()).toContain('Still nothing arrived, tracking has not moved.');
    const ticket = await t.db
      .selectFrom('support_tickets')
      .select('status')
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    expect(ticket.status).toBe('open');
  });

  it("reads nothing with a forged token or another request's token, and cannot reply with them", async () => {
    await fileRequest(browserAt(t), { email: 'olga@example.org', subject: 'Private matter about my order' });
    await fileRequest(browserAt(t), { email: 'mallory@example.org', subject: 'Mallory asks' });
    const olga = await referenceOf('olga@example.org');
    const mallory = await referenceOf('mallory@example.org');
    const visitor = browserAt(t);
    for (const token of [
      'forged',
      threadToken('not-the-app-secret', olga),
      threadToken(t.config.appSecret, mallory),
      '',
    ]) {
      const res = await visitor.request(`/support/requests/${olga}?token=${encodeURIComponent(token)}`);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('Private matter about my order');
    }
    const reply = await visitor.form(`/support/requests/${olga}`, {
      token: threadToken(t.config.appSecret, mallory),
      message: 'Injected into someone else’s thread',
    });
    expect(reply.status).toBe(404);
    const messages = await t.db
      .selectFrom('support_ticket_messages as m')
      .innerJoin('support_tickets as s', 's.id', 'm.ticket_id')
      .select('m.body')
      .where('s.reference', '=', olga)
      .execute();
    expect(messages).toHaveLength(1);
  });
});

describe('"Your requests"', () => {
  it('sends visitors to sign in', async () => {
    const res = await browserAt(t).request('/support/requests');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toContain('signin');
  });

  it("lists the member's own requests only, and opens no one else's thread without its link", async () => {
    await fileRequest(member, { subject: 'Member question about my hoodie' });
    await fileRequest(candidate, { subject: 'Candidate question about stickers' });
    const list = await member.request('/support/requests');
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('private, no-store');
    const html = await list.text();
    expect(html).toContain('Member question about my hoodie');
    expect(html).not.toContain('Candidate question about stickers');

    const theirs = await referenceOf('candidate@demo.campaignhq.test');
    const res = await member.request(`/support/requests/${theirs}`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('Candidate question about stickers');
    expect((await candidate.request(`/support/requests/${theirs}`)).status).toBe(200);
  });

  it('shows staff replies in the thread but never internal notes', async () => {
    await fileRequest(member, { subject: 'Note check', message: 'Please check my membership renewal date.' });
    const reference = await referenceOf('member@demo.campaignhq.test');
    const { id } = await t.db
      .selectFrom('support_tickets')
      .select('id')
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    const support = await signedIn(t, STAFF_EMAIL.SUPPORT, DEMO_PASSWORD, {
      'x-forwarded-for': '192.0.2.77',
    });
    const note = {
      ticket_id: id,
      kind: 'note',
      body: 'Internal: renewal job failed for this account, check logs.',
    };
    expect((await rest(support, 'POST', '/support-ticket-messages', note)).status).toBe(201);
    const reply = { ticket_id: id, kind: 'staff', body: 'Your membership renews on December 1.' };
    expect((await rest(support, 'POST', '/support-ticket-messages', reply)).status).toBe(201);
    const html = await (await member.request(`/support/requests/${reference}`)).text();
    expect(html).toContain('Your membership renews on December 1.');
    expect(html).not.toContain('renewal job failed');
    expect(JSON.stringify(await emailsTo(t, 'member@demo.campaignhq.test'))).not.toContain(
      'renewal job failed',
    );
  });
});

describe('/contact for visitors', () => {
  it('renders the same page for every visitor with no query string: no token, nothing per request', async () => {
    const first = await (await browserAt(t).request('/contact')).text();
    const second = await (await browserAt(t).request('/contact')).text();
    expect(first).toBe(second);
    expect(first).not.toMatch(/csrf|token/i);
    expect(first).toContain('name="website"');
  });

  it('searches the help articles with a plain GET form, no JavaScript needed', async () => {
    const html = await (await browserAt(t).request('/contact?q=refund')).text();
    expect(html).toMatch(/\d+ articles? match(es)? “refund”/);
    expect(html).toContain('Returning an item and getting a refund');
    expect(html).not.toContain('Reporting abuse and blocking members');
    const none = await (await browserAt(t).request('/contact?q=zeppelin')).text();
    expect(none).toContain('No articles match “zeppelin”');
  });
});
