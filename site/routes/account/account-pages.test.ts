import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../api/seed/demo-accounts';
import { demoAccounts } from '../../../tests/factories/accounts';
import { createTestApp, type TestApp, TestBrowser } from '../../../tests/factories/test-app';

/** The account pages on the server: redirects, no-JavaScript form posts and the dev mailbox. */
const MEMBER = 'member@demo.campaignhq.test';
let t: TestApp;
let ip = 10;
const browser = () => new TestBrowser(t, { 'x-forwarded-for': `203.0.113.${ip++}` });

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
  await demoAccounts(t.db, 'member');
});
afterAll(() => t.close());

describe('sign-in page', () => {
  it('renders the form with csrf token, callback, prefilled email and the error message', async () => {
    const b = browser();
    const res = await b.request(
      '/api/auth/signin?callbackUrl=%2Fjobs&error=EmailNotVerified&email=a%40b.org',
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    expect(html).toContain('action="/api/auth/callback/credentials"');
    expect(html).toContain(`name="csrfToken" value="${await b.csrf()}"`);
    expect(html).toContain('name="callbackUrl" value="/jobs"');
    expect(html).toContain('value="a@b.org"');
    expect(html).toContain('Please verify your email first. We have sent you a new link.');
  });

  it('drops callback URLs to other sites', async () => {
    const html = await (
      await browser().request('/auth/signin?callbackUrl=https%3A%2F%2Fevil.example%2F')
    ).text();
    expect(html).toContain('name="callbackUrl" value="/"');
  });

  it('sends signed-in users on to the callback, never back to a sign-in page', async () => {
    const b = browser();
    await b.signIn(MEMBER, DEMO_PASSWORD);
    const onward = await b.request('/auth/signin?callbackUrl=%2Fjobs');
    expect([onward.status, onward.headers.get('location')]).toEqual([302, '/jobs']);
    const loop = await b.request('/auth/signin?callbackUrl=%2Fapi%2Fauth%2Fsignin');
    expect(loop.headers.get('location')).toBe('/');
  });
});

describe('forms without JavaScript', () => {
  it('sign-up shows field errors, keeps the values (never the password), then succeeds', async () => {
    const b = browser();
    const fields = {
      kind: 'individual',
      firstName: 'Ada',
      lastName: '',
      email: 'ada@example.org',
      password: 'short',
    };
    const refused = await b.form('/signup', fields);
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain('Please enter your last name.');
    expect(html).toContain('Passwords need at least 10 characters.');
    expect(html).toContain('value="Ada"');
    expect(html).not.toContain('value="short"');

    const ok = await b.form('/signup', {
      ...fields,
      lastName: 'Lovelace',
      password: 'an-unusual-long-phrase',
    });
    expect([ok.status, ok.headers.get('location')]).toEqual([303, '/signup?sent=1']);
    expect(await (await b.request('/signup?sent=1')).text()).toContain('Check your email');
  });

  it('reset password checks the confirmation and refuses unknown links', async () => {
    const b = browser();
    const mismatch = await b.form('/auth/reset-password', {
      token: 'abcdefghijklmnop',
      password: 'a-long-new-password',
      confirmPassword: 'something-else-entirely',
    });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain('The two passwords do not match.');
    const unknown = await b.form('/auth/reset-password', {
      token: 'abcdefghijklmnop',
      password: 'a-long-new-password',
      confirmPassword: 'a-long-new-password',
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain('This link has expired or was already used');
    const request = await b.form('/auth/reset-password', { email: 'nobody@example.org' });
    expect(request.headers.get('location')).toBe('/auth/reset-password?sent=1');
  });

  it('setup is for members only and goes on to the callback, never back to /setup', async () => {
    const visitor = await browser().form('/setup', { state: 'PA', party: 'independent' });
    expect(visitor.headers.get('location')).toBe(
      '/api/auth/signin?callbackUrl=%2Fsetup&error=SessionRequired',
    );

    const b = browser();
    await b.signIn(MEMBER, DEMO_PASSWORD);
    const page = await (await b.request('/setup?callbackUrl=%2Fjobs')).text();
    expect(page).toContain('name="callbackUrl" value="/jobs"');
    const refused = await b.form('/setup', { state: 'ZZ', party: 'independent', callbackUrl: '/jobs' });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('Please choose your state.');
    const saved = await b.request('/setup', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'state=PA&party=independent&interests=voting_rights&interests=affordable_housing&callbackUrl=%2Fsetup',
    });
    expect([saved.status, saved.headers.get('location')]).toEqual([303, '/myprofile']);
    const row = await t.db
      .selectFrom('users')
      .select('interests')
      .where('email', '=', MEMBER)
      .executeTakeFirstOrThrow();
    expect(row.interests).toEqual(['voting_rights', 'affordable_housing']);
  });
});

describe('/dev/mailbox', () => {
  it('lists stored email with links and escapes everything else', async () => {
    await t.db
      .insertInto('email_outbox')
      .values({
        to_address: 'Mail.Test@example.org',
        subject: 'Hello <b>there</b>',
        text_body: 'Open http://localhost:3000/auth/verify-email?token=abc123. Or <script>alert(1)</script>',
        html_body: null,
        headers: {},
        transport: 'outbox',
        status: 'stored',
        error: null,
        sent_at: null,
      })
      .execute();
    const res = await browser().request('/dev/mailbox?to=mail.test%40example.org');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).toContain('<a href="http://localhost:3000/auth/verify-email?token=abc123">');
    expect(html).toContain('Hello &lt;b&gt;there&lt;/b&gt;');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>alert(1)');
  });

  it('does not exist when the mailbox is off', async () => {
    const off = await createTestApp({ DEV_MAILBOX: 'false' });
    try {
      expect((await off.app.request('/dev/mailbox')).status).toBe(404);
    } finally {
      await off.close();
    }
  });
});
