import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../../api/auth/tokens';
import { NOTIFICATION_TYPE } from '../../../api/contract/notification-types';
import { DEMO_PASSWORD } from '../../../api/seed/demo-accounts';
import { makeAccount } from '../../factories/accounts';
import { createTestApp, type TestApp, TestBrowser } from '../../factories/test-app';

/**
 * "New sign-in" alerts (docs/decisions/0075-sign-in-alerts-for-new-browsers.md): one for a browser
 * the account has not signed in from before, none for a browser it has, none for the first
 * sign-in of an account its owner just made. A browser is known by its HttpOnly device cookie.
 */
let t: TestApp;
let ip = 1;
/** A browser of its own (its own cookie jar), each from its own address so the throttle stays out of the way. */
const newBrowser = () => new TestBrowser(t, { 'x-forwarded-for': `198.51.100.${ip++}` });

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await t?.close();
});

async function signInAlerts(userId: number) {
  return t.db
    .selectFrom('notifications')
    .select(['message', 'route'])
    .where('user_id', '=', userId)
    .where('type', '=', NOTIFICATION_TYPE.newSignIn)
    .execute();
}

async function signIn(browser: TestBrowser, email: string, password = DEMO_PASSWORD) {
  const res = await browser.signIn(email, password);
  expect(res.status).toBe(200);
  return res;
}

describe('sign-in alerts', () => {
  it('alert once for a browser new to the account, not again for the same browser', async () => {
    const { id, email } = await makeAccount(t.db, 'alerts-same-browser');
    const laptop = newBrowser();
    await signIn(laptop, email);
    await signIn(laptop, email);
    // Signed out in between, too: the browser is still the same.
    await laptop.form('/api/auth/signout', { csrfToken: await laptop.csrf(), json: 'true' });
    await signIn(laptop, email);
    const alerts = await signInAlerts(id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.message).toMatch(/^New sign-in to your account from /);
  });

  it('alert for another browser', async () => {
    const { id, email } = await makeAccount(t.db, 'alerts-other-browser');
    const laptop = newBrowser();
    await signIn(laptop, email);
    expect(await signInAlerts(id)).toHaveLength(1);
    await signIn(newBrowser(), email);
    expect(await signInAlerts(id)).toHaveLength(2);
    await signIn(laptop, email);
    expect(await signInAlerts(id)).toHaveLength(2);
  });

  it('know a browser per account: a shared browser is new to the second account that signs in on it', async () => {
    const first = await makeAccount(t.db, 'alerts-shared-first');
    const second = await makeAccount(t.db, 'alerts-shared-second');
    const shared = newBrowser();
    await signIn(shared, first.email);
    await signIn(shared, second.email);
    expect(await signInAlerts(first.id)).toHaveLength(1);
    expect(await signInAlerts(second.id)).toHaveLength(1);
  });

  it('keep the device token in a long-lived HttpOnly SameSite cookie, and only its hash on the server', async () => {
    const { id, email } = await makeAccount(t.db, 'alerts-cookie');
    const browser = newBrowser();
    const res = await browser.signIn(email, DEMO_PASSWORD);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('hq_device='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    const expires = new Date(/; Expires=([^;]+)/i.exec(cookie!)![1]!);
    expect(expires.getTime() - Date.now()).toBeGreaterThan(365 * 24 * 60 * 60 * 1000);
    const token = /^hq_device=([^;]+)/.exec(cookie!)![1]!;
    const stored = await t.db
      .selectFrom('sign_in_devices')
      .select('token_hash')
      .where('user_id', '=', id)
      .execute();
    expect(stored).toEqual([{ token_hash: hashToken(token) }]);
  });

  it("do not alert on a new account's first sign-in, but do for its next new browser", async () => {
    const email = 'brand.new.member@example.org';
    const password = 'a-long-unique-passphrase';
    const maker = newBrowser();
    const made = await maker.trpc('accounts.signUp', {
      kind: 'individual',
      firstName: 'Nia',
      lastName: 'Okafor',
      email,
      password,
    });
    expect(made.status).toBe(200);
    const { id } = await t.db
      .updateTable('users')
      .set({ email_verified_at: new Date() })
      .where('email', '=', email)
      .returning('id')
      .executeTakeFirstOrThrow();
    await signIn(maker, email, password);
    await signIn(maker, email, password);
    expect(await signInAlerts(id)).toEqual([]);
    await signIn(newBrowser(), email, password);
    expect(await signInAlerts(id)).toHaveLength(1);
  });
});
