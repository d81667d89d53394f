import { seedDatabase } from '../../api/seed/seed';
import { createTestApp, type TestApp, TestBrowser } from './test-app';

/**
 * Support tickets in tests (docs/decisions/0029-help-center-and-support-tickets.md): an app over the demo seed that trusts
 * X-Forwarded-For (so each browser has its own address and rate-limit bucket), the /contact form
 * as a person fills it, and the emails it sends.
 */
export async function supportApp(): Promise<TestApp> {
  const t = await createTestApp({ TRUST_PROXY: 'true' });
  await seedDatabase(t.db, { members: 0 });
  return t;
}

let nextAddress = 1;
/** A browser from an address no other browser in this process uses. */
export function browserAt(t: TestApp): TestBrowser {
  nextAddress += 1;
  return new TestBrowser(t, {
    'x-forwarded-for': `198.51.100.${nextAddress % 250}, 203.0.${Math.floor(nextAddress / 250)}.${nextAddress % 250}`,
  });
}

/** The form's fields as a person sends them: the honeypot empty, several seconds spent writing. */
export function contactFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    topic: 'order',
    subject: 'Hoodie arrived in the wrong size',
    message: 'I ordered a large hoodie and received a small one. Can you swap it?',
    website: '',
    fill_ms: '9000',
    ...overrides,
  };
}

export function fileRequest(browser: TestBrowser, overrides: Record<string, string> = {}) {
  return browser.form('/contact', contactFields(overrides));
}

export async function emailsTo(t: TestApp, to: string) {
  return t.db
    .selectFrom('email_outbox')
    .select(['subject', 'text_body'])
    .where('to_address', '=', to)
    .orderBy('id')
    .execute();
}

/** The path of the signed thread link in an email's text. */
export function threadLinkIn(text: string): string {
  const match = /https?:\/\/[^/\s]+(\/support\/requests\/HLP-[A-Z2-9]{8}\?token=[\w-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`No thread link in: ${text}`);
  return match[1];
}

export async function ticketCount(t: TestApp): Promise<number> {
  const row = await t.db
    .selectFrom('support_tickets')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
