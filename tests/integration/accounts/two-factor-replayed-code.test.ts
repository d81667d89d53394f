import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USED_CODE_MESSAGE, WRONG_CODE_MESSAGE } from '../../../api/contract/two-factor-messages';
import { totpCodeForStep } from '../../../api/modules/accounts/totp';
import { DEMO_PASSWORD } from '../../../api/seed/demo-accounts';
import { makeAccount } from '../../factories/accounts';
import { createTestApp, type TestApp, TestBrowser } from '../../factories/test-app';
import { enrolSecondFactor } from '../../factories/two-factor';

/**
 * A two-factor code that was already accepted, sent again, is refused (each code works once:
 * docs/decisions/0040-staff-two-factor-sign-in.md) with its own message: it was right, and the
 * next code will do, where "That code is not right" sends the person hunting for a mistake.
 */
let t: TestApp;
let account: { id: number; email: string };
let secret: Uint8Array;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
  account = await makeAccount(t.db, 'replayed-code');
  const browser = new TestBrowser(t, { 'x-forwarded-for': '198.51.100.60' });
  await browser.signIn(account.email, DEMO_PASSWORD);
  await enrolSecondFactor(browser);
  ({ secret } = await t.db
    .selectFrom('two_factor_credentials')
    .select('secret')
    .where('user_id', '=', account.id)
    .executeTakeFirstOrThrow());
});
afterAll(async () => {
  await t?.close();
});

/** The code of the step the account's last accepted code was for. */
async function lastAcceptedCode(): Promise<string> {
  const { last_used_step } = await t.db
    .selectFrom('two_factor_credentials')
    .select('last_used_step')
    .where('user_id', '=', account.id)
    .executeTakeFirstOrThrow();
  return totpCodeForStep(secret, Number(last_used_step));
}

async function codeStep(browser: TestBrowser, code: string) {
  const res = await browser.form('/api/auth/callback/two-factor', {
    csrfToken: await browser.csrf(),
    callbackUrl: '/',
    json: 'true',
    code,
  });
  return { status: res.status, ...((await res.json()) as { url: string }) };
}

describe('a code sent again', () => {
  it('at sign-in is refused as already used, and the code page says to wait for the next one', async () => {
    const browser = new TestBrowser(t, { 'x-forwarded-for': '198.51.100.61' });
    await browser.passwordStep(account.email, DEMO_PASSWORD);
    const replayed = await codeStep(browser, await lastAcceptedCode());
    expect(replayed).toMatchObject({ status: 401, url: expect.stringContaining('error=CodeAlreadyUsed') });
    expect(await (await browser.request('/api/auth/session')).json()).toEqual({});
    const page = await (await browser.request(replayed.url)).text();
    expect(page).toContain(USED_CODE_MESSAGE.replace("'", '&#x27;'));
    expect(page).not.toContain('That code is not right');
  });

  it('is told apart from a wrong code, which keeps its own message', async () => {
    const browser = new TestBrowser(t, { 'x-forwarded-for': '198.51.100.62' });
    await browser.passwordStep(account.email, DEMO_PASSWORD);
    const used = await lastAcceptedCode();
    const wrong = used === '000000' ? '111111' : '000000';
    const refused = await codeStep(browser, wrong);
    expect(refused).toMatchObject({ status: 401, url: expect.stringContaining('error=InvalidCode') });
    const page = await (await browser.request(refused.url)).text();
    expect(page).toContain(WRONG_CODE_MESSAGE);
  });

  it('when turning two-factor off is refused as already used', async () => {
    const browser = new TestBrowser(t, { 'x-forwarded-for': '198.51.100.63' });
    await browser.passwordStep(account.email, DEMO_PASSWORD);
    const { last_used_step } = await t.db
      .selectFrom('two_factor_credentials')
      .select('last_used_step')
      .where('user_id', '=', account.id)
      .executeTakeFirstOrThrow();
    // The next step's code is inside the window (one step either side) and signs in.
    const next = totpCodeForStep(secret, Number(last_used_step) + 1);
    expect(await codeStep(browser, next)).toMatchObject({ status: 200, url: '/' });
    const res = await browser.trpc('twoFactor.disable', { code: next });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(USED_CODE_MESSAGE);
    const status = (await (await browser.trpc('twoFactor.status')).json()) as {
      result: { data: { json: { enrolled: boolean } } };
    };
    expect(status.result.data.json.enrolled).toBe(true);
  });
});
