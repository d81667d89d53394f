import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../api/seed/demo-accounts';
import { demoAccounts } from '../../factories/accounts';
import { rest, STAFF_EMAIL, signedIn } from '../../factories/staff';
import { browserAt, fileRequest, threadLinkIn } from '../../factories/support-tickets';
import { createTestApp, type TestApp } from '../../factories/test-app';

/**
 * The /contact form mails the address it is given from the campaign's own sender. Anyone can type
 * anyone's address, so what reaches an address not shown to be the requester's carries nothing
 * the requester wrote: the reference and the thread link only (docs/product/rulings.md, "Added
 * 2026-11-29"). A signed-in member with a verified address reads their own words back.
 */
let t: TestApp;

/** Words a stranger could make the campaign send to someone else's inbox. */
const HOSTILE = {
  subject: 'URGENT your campaign account is suspended',
  message: 'Confirm your bank details at http://evil.example/login within 24 hours or lose access.',
  name: 'Campaign HQ Security Team',
};

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
  await demoAccounts(t.db, 'member', 'support');
});
afterAll(() => t.close());

/** Every part of the messages to `to` an inbox shows: sender name, subject, text and HTML bodies. */
async function mailsTo(to: string) {
  return t.db
    .selectFrom('email_outbox')
    .select(['from_name', 'subject', 'text_body', 'html_body', 'headers'])
    .where('to_address', '=', to)
    .orderBy('id')
    .execute();
}

async function fileAsVisitor(to: string) {
  const res = await fileRequest(browserAt(t), { email: to, ...HOSTILE });
  expect(res.status).toBe(303);
  const ticket = await t.db
    .selectFrom('support_tickets')
    .select(['id', 'reference'])
    .where('email', '=', to)
    .executeTakeFirstOrThrow();
  return ticket;
}

function expectNoneOfTheRequestersWords(mail: unknown) {
  const everything = JSON.stringify(mail);
  for (const words of [HOSTILE.subject, HOSTILE.message, HOSTILE.name, 'evil.example', 'bank details']) {
    expect(everything).not.toContain(words);
  }
}

describe("the confirmation to a visitor's address", () => {
  it('quotes nothing the visitor wrote, and holds the reference and the thread link', async () => {
    const ticket = await fileAsVisitor('victim@example.org');
    const mails = await mailsTo('victim@example.org');
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expectNoneOfTheRequestersWords(mail);
    expect(mail!.subject).toContain(ticket.reference);
    const link = threadLinkIn(mail!.text_body);
    expect(link).toContain(ticket.reference);
    // The link is the way to the request's words: it opens the thread for whoever holds it.
    const thread = await browserAt(t).request(link);
    expect(thread.status).toBe(200);
    expect(await thread.text()).toContain(HOSTILE.message);
  });

  it("and a staff answer to that address does not repeat the visitor's subject", async () => {
    const ticket = await fileAsVisitor('second.victim@example.org');
    const support = await signedIn(t, STAFF_EMAIL.SUPPORT, DEMO_PASSWORD, {
      'x-forwarded-for': '192.0.2.10',
    });
    const res = await rest(support, 'POST', '/support-ticket-messages', {
      ticket_id: ticket.id,
      kind: 'staff',
      body: 'We did not write to you about your account; you can ignore that request.',
    });
    expect(res.status).toBe(201);
    const reply = (await mailsTo('second.victim@example.org')).at(-1)!;
    expect(reply.text_body).toContain('We did not write to you about your account');
    expectNoneOfTheRequestersWords(reply);
    expect(reply.subject).toContain(ticket.reference);
  });
});

describe("the confirmation to a signed-in member's verified address", () => {
  it('quotes their subject and message back to them', async () => {
    const member = browserAt(t);
    expect((await member.signIn('member@demo.campaignhq.test', DEMO_PASSWORD)).status).toBe(200);
    const res = await fileRequest(member, {
      subject: 'Hoodie arrived in the wrong size',
      message: 'I ordered a large hoodie and received a small one.',
    });
    expect(res.status).toBe(303);
    const [mail] = await mailsTo('member@demo.campaignhq.test');
    expect(mail!.subject).toContain('Hoodie arrived in the wrong size');
    expect(mail!.text_body).toContain('> I ordered a large hoodie and received a small one.');
    expect(threadLinkIn(mail!.text_body)).toMatch(/HLP-/);
  });
});
