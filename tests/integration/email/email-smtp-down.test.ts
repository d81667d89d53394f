import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverQueuedEmail } from '../../../api/doors/queue-handlers/email-delivery';
import { createEmailPort, type EmailPort } from '../../../api/ports/email';
import { demoAccounts } from '../../factories/accounts';
import { closedPort, startFakeSmtpServer } from '../../factories/fake-smtp-server';
import { createTestApp, type TestApp, TestBrowser } from '../../factories/test-app';

/**
 * Finding 14: with SMTP_URL set and the mail server down, sign-up and password reset answered 500
 * with `connect ECONNREFUSED` although the account existed and the email went out later. Delivery
 * is the outbox's job: the request answers as if it worked, and maintenance delivers once the
 * server is back.
 */
let t: TestApp;
let email: EmailPort;
let smtpPort: number;
let ip = 1;
const browser = () => new TestBrowser(t, { 'x-forwarded-for': `198.51.100.${ip++}` });

beforeAll(async () => {
  smtpPort = await closedPort();
  const env = { TRUST_PROXY: 'true', SMTP_URL: `smtp://127.0.0.1:${smtpPort}` };
  // The port the app would build from SMTP_URL, handed in so the test can run maintenance with it.
  const { loadConfig } = await import('../../../api/platform/config');
  email = createEmailPort(loadConfig({ NODE_ENV: 'test', ...env }));
  t = await createTestApp(env, { email });
  await demoAccounts(t.db, 'member');
});
afterAll(() => t?.close());

const outboxTo = (to: string) =>
  t.db
    .selectFrom('email_outbox')
    .select(['subject', 'status', 'error'])
    .where('to_address', '=', to)
    .execute();

describe('email with the SMTP server down', () => {
  const address = 'smtp.down@example.org';

  it('signs up: the account exists and the verification email waits in the outbox', async () => {
    const res = await browser().trpc('accounts.signUp', {
      kind: 'individual',
      firstName: 'Ada',
      lastName: 'Down',
      email: address,
      password: 'a-long-unique-passphrase',
    });
    const body = await res.text();
    expect(res.status, body).toBe(200);
    expect(body).not.toContain('ECONNREFUSED');
    const user = await t.db.selectFrom('users').select('id').where('email', '=', address).executeTakeFirst();
    expect(user).toBeDefined();
    const queued = await outboxTo(address);
    expect(queued).toHaveLength(1);
    expect(queued[0]?.status).not.toBe('sent');
  });

  it('requests a password reset: the answer is the usual one and the email waits too', async () => {
    const member = 'member@demo.campaignhq.test';
    const res = await browser().trpc('accounts.requestPasswordReset', { email: member });
    const body = await res.text();
    expect(res.status, body).toBe(200);
    expect(body).not.toContain('ECONNREFUSED');
    expect((await outboxTo(member)).map((m) => m.status)).not.toContain('sent');
  });

  it('delivers both from the outbox once the SMTP server is back', async () => {
    const smtp = await startFakeSmtpServer(smtpPort);
    try {
      await deliverQueuedEmail(t.db, email);
      expect((await outboxTo(address)).map((m) => m.status)).toEqual(['sent']);
      expect((await outboxTo('member@demo.campaignhq.test')).map((m) => m.status)).toEqual(['sent']);
      expect(smtp.messages.some((m) => m.includes(address))).toBe(true);
    } finally {
      await smtp.close();
    }
  });
});
