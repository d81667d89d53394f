import { mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { expect, type Page, test } from '@playwright/test';
import { totpCodeForStep, totpStep } from '../../api/modules/accounts/totp';
import { demoTotpKey } from '../../api/seed/demo-two-factor';

/**
 * Two-factor sign-in in the end-to-end tests (docs/decisions/0040-staff-two-factor-sign-in.md).
 * Demo staff share the demo secret (api/seed/demo-two-factor.ts), and the server accepts each
 * account's codes only for steps later than the last one used: so both workers claim steps for
 * an account through files of this run, and a claim past the window waits for the next step.
 * Sessions of demo staff are kept for the run too (admin-helpers.ts: signIn), which leaves few
 * claims to make.
 */
const STAFF_LOCALS = ['admin', 'support', 'marketing', 'finance', 'security', 'analytics', 'sales'];

export function isDemoStaff(email: string): boolean {
  const [local, domain] = email.toLowerCase().split('@');
  return domain === 'demo.campaignhq.test' && STAFF_LOCALS.includes(local ?? '');
}

/** This run's folder for step claims and kept sessions (the run id is shared by every worker). */
export function runFile(name: string): string {
  const dir = join(tmpdir(), `campaign-hq-e2e-${process.env.E2E_RUN_ID ?? 'local'}-two-factor`);
  mkdirSync(dir, { recursive: true });
  return join(dir, name);
}

export function readRunFile(name: string): string | null {
  try {
    return readFileSync(runFile(name), 'utf8');
  } catch {
    return null;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A code of `secret` for a step no earlier call of this run (any worker) has used for `key`. */
export async function claimCode(key: string, secret: Uint8Array): Promise<string> {
  const lock = runFile(`${key}.lock`);
  for (let tries = 0; ; tries++) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (tries > 500) throw new Error(`step claims for ${key} stayed locked`);
      await sleep(20);
    }
  }
  let step: number;
  try {
    const last = Number(readRunFile(`${key}.step`) ?? Number.NEGATIVE_INFINITY);
    step = Math.max(totpStep(Date.now()), last + 1);
    writeFileSync(runFile(`${key}.step`), String(step));
  } finally {
    rmdirSync(lock);
  }
  // The server takes one step either side of its own: wait until the claimed step is at most next.
  const waitMs = (step - 1) * 30_000 - Date.now() + 250;
  if (waitMs > 0) {
    test.info().setTimeout(test.info().timeout + waitMs + 5_000);
    await sleep(waitMs);
  }
  return totpCodeForStep(secret, step);
}

/** The next code of a demo staff account. */
export const demoStaffCode = (email: string) => claimCode(email.toLowerCase(), demoTotpKey());

/**
 * The code step through the Auth.js-style endpoint (as the page's form posts it), after a
 * password step whose answer pointed to /auth/two-factor. Throws on any answer but 200.
 */
export async function postSecondFactor(page: Page, code: string, callbackUrl: string, origin?: string) {
  const { csrfToken } = (await (await page.request.get('/api/auth/csrf')).json()) as { csrfToken: string };
  const response = await page.request.post('/api/auth/callback/two-factor', {
    form: { csrfToken, code, json: 'true', callbackUrl },
    headers: origin ? { origin } : {},
  });
  expect(response.status(), `two-factor code step: ${await response.text()}`).toBe(200);
  return response;
}

/** On the code page (after the sign-in form): types the code and waits to leave the page. */
export async function enterCodeOnPage(page: Page, code: string) {
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await page.getByLabel('Authentication code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL((url) => url.pathname !== '/auth/two-factor');
}

/** The next code of a secret enrolled during the run (claims keyed by the secret itself). */
export const codeOfSecret = (secret: string) => claimCode(secret, decodeBase32IgnorePadding(secret));

/**
 * Enrols the signed-in staff member from the console's panel; answers the secret (base32) and
 * the recovery codes, and leaves the console open.
 */
export async function enrolInConsole(page: Page): Promise<{ secret: string; recoveryCodes: string[] }> {
  await expect(page.getByRole('heading', { name: 'Set up two-factor sign-in' })).toBeVisible();
  await page.getByRole('button', { name: 'Show my secret key' }).click();
  const secret = ((await page.getByTestId('two-factor-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expect(page.getByLabel('Setup address (otpauth://)')).toHaveValue(/^otpauth:\/\/totp\//);
  const code = await claimCode(secret, decodeBase32IgnorePadding(secret));
  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  const list = page.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const recoveryCodes = await list.getByRole('listitem').allTextContents();
  await page.getByRole('button', { name: 'I have saved them: open the console' }).click();
  return { secret, recoveryCodes };
}
