import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../../api/auth/tokens';
import { DEMO_PASSWORD } from '../../../api/seed/demo-accounts';
import { demoAccounts } from '../../factories/accounts';
import { createTestApp, type TestApp, TestBrowser } from '../../factories/test-app';

const MEMBER = 'member@demo.campaignhq.test';
let t: TestApp;
let ipCounter = 10;
/** Each browser comes from its own address, so per-IP limits in one test don't touch another. */
const browser = () => new TestBrowser(t, { 'x-forwarded-for': `100.64.0.${ipCounter++}` });

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
  await demoAccounts(t.db, 'member', 'candidate', 'finance', 'sales');
});
afterAll(() => t.close());

describe('GET /api/auth/session, csrf, providers', () => {
  it('answers {} for visitors', async () => {
    const res = await browser().request('/api/auth/session');
    expect(await res.json()).toEqual({});
  });

  it('issues one csrf token per browser and keeps it', async () => {
    const b = browser();
    const first = await b.csrf();
    expect(first).toMatch(/^[a-z2-7]{32}$/);
    expect(await b.csrf()).toBe(first);
    expect(await browser().csrf()).not.toBe(first);
  });

  it('lists the credentials provider', async () => {
    const res = await browser().request('/api/auth/providers');
    expect(await res.json()).toMatchObject({ credentials: { id: 'credentials', type: 'credentials' } });
  });
});

describe('POST /api/auth/callback/credentials', () => {
  it('signs a demo member in, sets an HttpOnly SameSite cookie and returns the callback URL', async () => {
    const b = browser();
    const res = await b.signIn(MEMBER, DEMO_PASSWORD, '/messaging');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ url: '/messaging' });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('hq_session='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const session = (await (await b.request('/api/auth/session')).json()) as {
      user: Record<string, unknown>;
      expires: string;
    };
    expect(session.user).toMatchObject({
      name: 'Jordan Rivera',
      role: 'individual',
      vendor: false,
      candidate: false,
      admin: false,
    });
    expect(new Date(session.expires).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
  });

  it('stores only the SHA-256 of the session token', async () => {
    const b = browser();
    await b.signIn(MEMBER, DEMO_PASSWORD);
    const token = b.cookieHeader().match(/hq_session=([^;]+)/)?.[1] ?? '';
    const row = await t.db
      .selectFrom('sessions')
      .select('id')
      .where('id', '=', hashToken(token))
      .executeTakeFirst();
    expect(row?.id).toBe(hashToken(token));
    expect(
      await t.db.selectFrom('sessions').select('id').where('id', '=', token).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('also answers at /api/auth/signin/credentials', async () => {
    const b = browser();
    const csrfToken = await b.csrf();
    const res = await b.form('/api/auth/signin/credentials', {
      csrfToken,
      json: 'true',
      email: MEMBER,
      password: DEMO_PASSWORD,
      callbackUrl: '/',
    });
    expect(await res.json()).toEqual({ url: '/' });
  });

  it('refuses a wrong password with CredentialsSignin, records the attempt and sets no session', async () => {
    const b = browser();
    const res = await b.signIn(MEMBER, 'not-the-password');
    expect(res.status).toBe(401);
    expect(((await res.json()) as { url: string }).url).toContain('error=CredentialsSignin');
    expect(b.hasCookie('hq_session')).toBe(false);
    const attempt = await t.db
      .selectFrom('sign_in_attempts')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(attempt).toMatchObject({ email: MEMBER, succeeded: false, reason: 'invalid' });
  });

  it('refuses a missing or forged csrf token', async () => {
    const b = browser();
    await b.csrf();
    const forged = await b.form('/api/auth/callback/credentials', {
      csrfToken: 'forged',
      json: 'true',
      email: MEMBER,
      password: DEMO_PASSWORD,
    });
    expect(forged.status).toBe(403);
    const noCookie = new TestBrowser(t);
    const res = await noCookie.form('/api/auth/callback/credentials', {
      csrfToken: await b.csrf(),
      json: 'true',
      email: MEMBER,
      password: DEMO_PASSWORD,
    });
    expect(res.status).toBe(403);
    expect(b.hasCookie('hq_session') || noCookie.hasCookie('hq_session')).toBe(false);
  });

  it('never redirects off site', async () => {
    for (const evil of ['https://evil.example/phish', '//evil.example', '/\\evil.example']) {
      const res = await browser().signIn(MEMBER, DEMO_PASSWORD, evil);
      expect(await res.json()).toEqual({ url: '/' });
    }
  });

  it('redirects plain form posts with 303', async () => {
    const b = browser();
    const csrfToken = await b.csrf();
    const res = await b.form('/api/auth/callback/credentials', {
      csrfToken,
      email: MEMBER,
      password: DEMO_PASSWORD,
      callbackUrl: '/faq',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/faq');
  });

  it('sends blocked accounts to /blocked', async () => {
    await t.db
      .updateTable('users')
      .set({ blocked_at: new Date() })
      .where('email', '=', 'sales@demo.campaignhq.test')
      .execute();
    const res = await browser().signIn('sales@demo.campaignhq.test', DEMO_PASSWORD);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ url: '/blocked' });
    await t.db
      .updateTable('users')
      .set({ blocked_at: null })
      .where('email', '=', 'sales@demo.campaignhq.test')
      .execute();
  });

  it('sends requests from a blocked IP to /blocked/ip and refuses its API calls', async () => {
    const b = new TestBrowser(t, { 'x-forwarded-for': '192.0.2.66' });
    await t.db.insertInto('blocked_ips').values({ ip: '192.0.2.66', reason: 'test' }).execute();
    // The block list is cached for 15 s per process; a new app sees it at once.
    const fresh = await createBlockedIpApp();
    const page = await fresh.app.request('/about', { headers: { 'x-forwarded-for': '192.0.2.66' } });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('/blocked/ip');
    const api = await fresh.app.request('/api/auth/session', {
      headers: { 'x-forwarded-for': '192.0.2.66' },
    });
    expect(api.status).toBe(403);
    await fresh.close();
    expect(b).toBeDefined();
  });
});

async function createBlockedIpApp() {
  const other = await createTestApp({ TRUST_PROXY: 'true' });
  await other.db.insertInto('blocked_ips').values({ ip: '192.0.2.66', reason: 'test' }).execute();
  return other;
}

describe('sessions', () => {
  it('signs out: deletes the session and clears the cookie', async () => {
    const b = browser();
    await b.signIn(MEMBER, DEMO_PASSWORD);
    const token = b.cookieHeader().match(/hq_session=([^;]+)/)?.[1] ?? '';
    const res = await b.form('/api/auth/signout', {
      csrfToken: await b.csrf(),
      callbackUrl: '/',
      json: 'true',
    });
    expect(await res.json()).toEqual({ url: '/' });
    expect(await (await b.request('/api/auth/session')).json()).toEqual({});
    expect(
      await t.db.selectFrom('sessions').select('id').where('id', '=', hashToken(token)).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('refuses sign-out without the csrf token', async () => {
    const b = browser();
    await b.signIn(MEMBER, DEMO_PASSWORD);
    const res = await b.form('/api/auth/signout', { csrfToken: 'nope', json: 'true' });
    expect(res.status).toBe(403);
    expect(await (await b.request('/api/auth/session')).json()).toHaveProperty('user');
  });

  it('rotates the session at sign-in', async () => {
    const b = browser();
    await b.signIn(MEMBER, DEMO_PASSWORD);
    const first = b.cookieHeader().match(/hq_session=([^;]+)/)?.[1] ?? '';
    await b.signIn(MEMBER, DEMO_PASSWORD);
    const second = b.cookieHeader().match(/hq_session=([^;]+)/)?.[1] ?? '';
    expect(second).not.toBe(first);
    expect(
      await t.db.selectFrom('sessions').select('id').where('id', '=', hashToken(first)).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('treats an expired session as signed out and deletes it', async () => {
    const b = browser();
    await b.signIn(MEMBER, DEMO_PASSWORD);
    const token = b.cookieHeader().match(/hq_session=([^;]+)/)?.[1] ?? '';
    await t.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', hashToken(token))
      .execute();
    expect(await (await b.request('/api/auth/session')).json()).toEqual({});
    expect(
      await t.db.selectFrom('sessions').select('id').where('id', '=', hashToken(token)).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('slides the expiry forward once half the lifetime has passed', async () => {
    const b = browser();
    await b.signIn(MEMBER, DEMO_PASSWORD);
    const token = b.cookieHeader().match(/hq_session=([^;]+)/)?.[1] ?? '';
    await t.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() + 5 * 86_400_000) })
      .where('id', '=', hashToken(token))
      .execute();
    const res = await b.request('/api/auth/session');
    expect(res.headers.getSetCookie().some((c) => c.startsWith('hq_session='))).toBe(true);
    const row = await t.db
      .selectFrom('sessions')
      .select('expires_at')
      .where('id', '=', hashToken(token))
      .executeTakeFirstOrThrow();
    expect(new Date(row.expires_at).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
  });

  it('sends visitors of member pages to sign in with callbackUrl and SessionRequired', async () => {
    const res = await browser().request('/messaging');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(
      '/api/auth/signin?callbackUrl=%2Fmessaging&error=SessionRequired',
    );
  });
});

describe('sign-up, verification and password reset', () => {
  const latestEmailTo = async (to: string) =>
    t.db
      .selectFrom('email_outbox')
      .selectAll()
      .where('to_address', '=', to)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
  const linkIn = (text: string) => text.match(/https?:\/\/\S+token=([a-z2-7]+)/)?.[1] ?? '';

  it('creates an unverified account, emails a link, and signs in only after verification', async () => {
    const b = browser();
    const email = 'new.volunteer@example.org';
    const signUp = await b.trpc('accounts.signUp', {
      kind: 'individual',
      firstName: 'Nia',
      lastName: 'Okafor',
      email,
      password: 'a-long-unique-passphrase',
    });
    expect(signUp.status).toBe(200);
    const beforeVerify = await b.signIn(email, 'a-long-unique-passphrase');
    expect(((await beforeVerify.json()) as { url: string }).url).toContain('error=EmailNotVerified');
    const token = linkIn((await latestEmailTo(email)).text_body);
    expect(token).not.toBe('');
    // Opening the link changes nothing (mail scanners prefetch links); confirming does.
    const opened = await b.request(`/auth/verify-email?token=${token}`);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain('Confirm my email');
    const unverified = await t.db
      .selectFrom('users')
      .select('email_verified_at')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(unverified.email_verified_at).toBeNull();
    const page = await b.form('/auth/verify-email', { token });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Your email is verified');
    const reused = await b.form('/auth/verify-email', { token });
    expect(reused.status).toBe(400);
    const user = await t.db
      .selectFrom('users')
      .select(['email_verified_at', 'password_hash'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user.email_verified_at).not.toBeNull();
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    const signIn = await b.signIn(email, 'a-long-unique-passphrase', '/jobs');
    expect(await signIn.json()).toEqual({ url: '/setup?callbackUrl=%2Fjobs' });
  });

  it('answers the same for an address that already has an account, without a second account', async () => {
    const res = await browser().trpc('accounts.signUp', {
      kind: 'organization',
      orgName: 'Copycats',
      email: MEMBER,
      password: 'a-long-unique-passphrase',
    });
    expect(res.status).toBe(200);
    const count = await t.db
      .selectFrom('users')
      .select(t.db.fn.countAll<number>().as('n'))
      .where('email', '=', MEMBER)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
    expect((await latestEmailTo(MEMBER)).subject).toBe('Someone tried to sign up with your email');
  });

  it('refuses short and common passwords with field errors', async () => {
    for (const [password, message] of [
      ['short', 'Passwords need at least 10 characters.'],
      ['Password123', 'This password is too common. Please choose another.'],
    ] as const) {
      const res = await browser().trpc('accounts.signUp', {
        kind: 'individual',
        firstName: 'A',
        lastName: 'B',
        email: 'x@example.org',
        password,
      });
      expect(res.status).toBe(400);
      const body = (await res.json()) as {
        error: { json: { data: { zodError: { fieldErrors: Record<string, string[]> } } } };
      };
      expect(body.error.json.data.zodError.fieldErrors.password).toEqual([message]);
    }
  });

  it('resets a password with a single-use link and signs the account out everywhere', async () => {
    const email = 'candidate@demo.campaignhq.test';
    const signedIn = browser();
    await signedIn.signIn(email, DEMO_PASSWORD);
    await browser().trpc('accounts.requestPasswordReset', { email });
    const token = linkIn((await latestEmailTo(email)).text_body);
    const reset = await browser().trpc('accounts.resetPassword', {
      token,
      password: 'brand-new-passphrase-1',
    });
    expect(reset.status).toBe(200);
    expect(await (await signedIn.request('/api/auth/session')).json()).toEqual({});
    const again = await browser().trpc('accounts.resetPassword', {
      token,
      password: 'another-passphrase-22',
    });
    expect(again.status).toBe(400);
    expect(await (await browser().signIn(email, 'brand-new-passphrase-1')).json()).toEqual({ url: '/' });
  });

  it('refuses an expired reset link', async () => {
    const email = 'finance@demo.campaignhq.test';
    await browser().trpc('accounts.requestPasswordReset', { email });
    const token = linkIn((await latestEmailTo(email)).text_body);
    await t.db
      .updateTable('email_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', hashToken(token))
      .execute();
    const res = await browser().trpc('accounts.resetPassword', { token, password: 'brand-new-passphrase-1' });
    expect(res.status).toBe(400);
  });

  it('answers a reset request for an unknown address the same way, sending nothing', async () => {
    const before = await t.db
      .selectFrom('email_outbox')
      .select(t.db.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await browser().trpc('accounts.requestPasswordReset', { email: 'nobody@example.org' });
    expect(res.status).toBe(200);
    const after = await t.db
      .selectFrom('email_outbox')
      .select(t.db.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
