import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { totpCodeForStep, totpStep } from '../../../api/modules/accounts/totp';
import { DEMO_PASSWORD } from '../../../api/seed/demo-accounts';
import { demoAccounts } from '../../factories/accounts';
import { listPath, rest, STAFF_EMAIL, userId } from '../../factories/staff';
import { createTestApp, type TestApp, TestBrowser } from '../../factories/test-app';

/**
 * Two-factor sign-in for staff (docs/decisions/0040-staff-two-factor-sign-in.md), through the
 * real endpoints: enrolment from a password-only session, sign-in with and without the code,
 * replay, recovery codes, the throttle and the audit trail.
 */
let t: TestApp;

beforeAll(async () => {
  // Only Date, still running with real time, so freshCode can step it forward; timers stay real.
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  t = await createTestApp({ TRUST_PROXY: 'true' });
  await demoAccounts(t.db, 'member', 'admin', 'support', 'finance', 'security');
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

/** Each scenario signs in from its own address, so the throttle's (account, address) pairs stay apart. */
const from = (ip: string) => new TestBrowser(t, { 'x-forwarded-for': ip });

async function trpc(browser: TestBrowser, path: string, input?: unknown) {
  const res = await browser.trpc(path, input);
  const body = (await res.json()) as {
    result?: { data: { json: unknown } };
    error?: {
      json: {
        message: string;
        data: { code: string; zodError: { fieldErrors: Record<string, string[]> } | null };
      };
    };
  };
  return { status: res.status, data: body.result?.data.json as never, error: body.error?.json };
}

async function answerOf(res: Response) {
  return { status: res.status, ...((await res.json()) as { url: string; error?: string }) };
}

/** A code the server will take now: the current step's, or the next one when the current was used. */
async function freshCode(secret: Uint8Array, id: number): Promise<string> {
  const row = await t.db
    .selectFrom('two_factor_credentials')
    .select('last_used_step')
    .where('user_id', '=', id)
    .executeTakeFirstOrThrow();
  const last = row.last_used_step === null ? null : Number(row.last_used_step);
  let now = totpStep(Date.now());
  if (last !== null && last >= now + 1) {
    // The next 30-second step, without waiting up to 30 s for it: this process's clock moves there
    // (the app under test reads the same Date; only Date is faked, see beforeAll).
    vi.setSystemTime((now + 1) * 30_000 + 50);
    now = totpStep(Date.now());
  }
  return totpCodeForStep(secret, last === null || last < now ? now : last + 1);
}

async function codeStep(
  browser: TestBrowser,
  answer: { code?: string; recoveryCode?: string },
  callbackUrl = '/',
) {
  return browser.form('/api/auth/callback/two-factor', {
    csrfToken: await browser.csrf(),
    callbackUrl,
    json: 'true',
    ...answer,
  });
}

async function audits(id: number) {
  return t.db
    .selectFrom('audit_logs')
    .select(['action', 'after'])
    .where('actor_id', '=', id)
    .where('action', 'like', 'two_factor.%')
    .orderBy('id')
    .execute();
}

describe('a staff member without two-factor sign-in', () => {
  const email = STAFF_EMAIL.SUPPORT;
  let id: number;
  let secret: Uint8Array;
  let recoveryCodes: string[];

  beforeAll(async () => {
    id = await userId(t, email);
    // As a newly invited employee: staff, but not enrolled.
    await t.db.deleteFrom('two_factor_credentials').where('user_id', '=', id).execute();
  });

  it('signs in with the password alone but holds no permission until enrolled', async () => {
    const browser = from('198.51.100.1');
    const signedIn = await answerOf(await browser.passwordStep(email, DEMO_PASSWORD, '/admin/all-users'));
    expect(signedIn).toMatchObject({ status: 200, url: '/admin' });
    const info = await trpc(browser, 'admins.getAdminUserInfo');
    expect(info.data).toMatchObject({ role: 'SUPPORT', permissions: [], needsSecondFactor: true });
    const list = await rest(browser, 'GET', '/all-users');
    expect(list.status).toBe(403);
    expect(list.json).toMatchObject({ message: expect.stringContaining('two-factor') });
    const guarded = await trpc(browser, 'analytics.heatmapData', { url: '/' });
    expect(guarded.error?.data.code).toBe('FORBIDDEN');
    // The console itself opens: it shows the enrolment panel.
    expect((await browser.request('/admin')).status).toBe(200);
  });

  it('enrols: the secret is shown once, a wrong code is refused and counted, a right one turns it on', async () => {
    const browser = from('198.51.100.2');
    const other = from('198.51.100.3');
    await browser.passwordStep(email, DEMO_PASSWORD);
    await other.passwordStep(email, DEMO_PASSWORD);

    const started = await trpc(browser, 'twoFactor.startEnrolment');
    const { secret: shown, uri } = started.data as { secret: string; uri: string };
    expect(uri).toMatch(/^otpauth:\/\/totp\/Campaign%20HQ:support%40demo\.campaignhq\.test\?/);
    expect(new URL(uri).searchParams.get('secret')).toBe(shown);
    secret = decodeBase32IgnorePadding(shown);
    expect((await trpc(browser, 'twoFactor.status')).data).toMatchObject({ required: true, enrolled: false });

    const failuresBefore = await invalidCodeAttempts(email);
    const wrong = await trpc(browser, 'twoFactor.confirmEnrolment', {
      code: totpCodeForStep(secret, totpStep(Date.now()) + 5),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.error?.data.zodError?.fieldErrors.code?.[0]).toMatch(/not right/);
    expect(await invalidCodeAttempts(email)).toBe(failuresBefore + 1);
    expect((await trpc(browser, 'twoFactor.status')).data).toMatchObject({ enrolled: false });

    const bad = await trpc(browser, 'twoFactor.confirmEnrolment', { code: '' });
    expect(bad.status).toBe(400);

    const confirmed = await trpc(browser, 'twoFactor.confirmEnrolment', {
      code: await freshCode(secret, id),
    });
    expect(confirmed.status).toBe(200);
    recoveryCodes = (confirmed.data as { recoveryCodes: string[] }).recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    // Stored hashed: no code appears in the table.
    const stored = await t.db
      .selectFrom('two_factor_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', id)
      .execute();
    expect(stored).toHaveLength(10);
    expect(stored.map((r) => r.code_hash)).not.toContain(recoveryCodes[0]);

    // This session proved the code: the permissions are back. The other session (password only) ended.
    expect((await trpc(browser, 'admins.getAdminUserInfo')).data).toMatchObject({
      needsSecondFactor: false,
      permissions: expect.arrayContaining(['VIEW_ALL_USERS']),
    });
    expect((await rest(browser, 'GET', '/all-users')).status).toBe(200);
    expect((await trpc(other, 'admins.getAdminUserInfo')).status).toBe(401);

    // Never shown again: starting over is refused while it is on.
    const again = await trpc(browser, 'twoFactor.startEnrolment');
    expect(again.error?.data.code).toBe('CONFLICT');
    expect(JSON.stringify(await trpc(browser, 'twoFactor.status'))).not.toContain(shown);
    expect((await audits(id)).map((a) => a.action)).toEqual(['two_factor.code_failed', 'two_factor.enrol']);
  });

  it('then needs the code after the password: no session before it, a wrong one refused, the right one signs in', async () => {
    const browser = from('198.51.100.4');
    const password = await answerOf(await browser.passwordStep(email, DEMO_PASSWORD, '/admin/all-users'));
    expect(password).toMatchObject({ status: 200, url: '/auth/two-factor?callbackUrl=%2Fadmin%2Fall-users' });
    // The pending state is no session: nothing is signed in, the console's API refuses.
    expect(await (await browser.request('/api/auth/session')).json()).toEqual({});
    expect((await trpc(browser, 'admins.getAdminUserInfo')).status).toBe(401);
    expect((await rest(browser, 'GET', '/all-users')).status).toBe(401);
    // The code page shows its form only with the challenge.
    const page = await browser.request('/auth/two-factor?callbackUrl=%2Fadmin');
    expect(await page.text()).toMatch(/autocomplete="one-time-code"/i);
    expect((await from('198.51.100.99').request('/auth/two-factor')).status).toBe(302);

    const noCode = await answerOf(await codeStep(browser, {}, '/admin/all-users'));
    expect(noCode).toMatchObject({ status: 400, url: expect.stringContaining('error=CodeRequired') });
    const wrong = await answerOf(await codeStep(browser, { code: '000000' }, '/admin/all-users'));
    expect(wrong).toMatchObject({ status: 401, url: expect.stringContaining('error=InvalidCode') });
    expect(await (await browser.request('/api/auth/session')).json()).toEqual({});

    const code = await freshCode(secret, id);
    const right = await answerOf(await codeStep(browser, { code }, '/admin/all-users'));
    expect(right).toMatchObject({ status: 200, url: '/admin/all-users' });
    expect((await trpc(browser, 'admins.getAdminUserInfo')).data).toMatchObject({ needsSecondFactor: false });
    expect((await rest(browser, 'GET', '/all-users')).status).toBe(200);

    // The same code, at once, from another browser that knows the password: refused (no replay).
    const thief = from('198.51.100.5');
    expect((await answerOf(await thief.passwordStep(email, DEMO_PASSWORD))).url).toMatch(
      /^\/auth\/two-factor/,
    );
    const replay = await answerOf(await codeStep(thief, { code }));
    expect(replay).toMatchObject({ status: 401, url: expect.stringContaining('error=CodeAlreadyUsed') });
    expect(await (await thief.request('/api/auth/session')).json()).toEqual({});
  });

  it('takes each recovery code once', async () => {
    const first = from('198.51.100.6');
    await first.passwordStep(email, DEMO_PASSWORD);
    const used = await answerOf(
      await codeStep(first, { recoveryCode: recoveryCodes[0]!.toUpperCase() }, '/admin'),
    );
    expect(used).toMatchObject({ status: 200, url: '/admin' });
    expect((await trpc(first, 'twoFactor.status')).data).toMatchObject({
      enrolled: true,
      recoveryCodesLeft: 9,
    });
    const audit = (await audits(id)).at(-1);
    expect(audit).toMatchObject({ action: 'two_factor.recovery_code_used', after: { recoveryCodesLeft: 9 } });

    const second = from('198.51.100.7');
    await second.passwordStep(email, DEMO_PASSWORD);
    const reused = await answerOf(await codeStep(second, { recoveryCode: recoveryCodes[0]! }));
    expect(reused).toMatchObject({ status: 401, url: expect.stringContaining('error=InvalidCode') });
    const other = await answerOf(await codeStep(second, { recoveryCode: recoveryCodes[1]! }));
    expect(other.status).toBe(200);
  });

  it('turns off only with a valid code, and the console closes again', async () => {
    const browser = from('198.51.100.8');
    await browser.passwordStep(email, DEMO_PASSWORD);
    await codeStep(browser, { code: await freshCode(secret, id) });
    expect((await rest(browser, 'GET', '/all-users')).status).toBe(200);
    const wrong = await trpc(browser, 'twoFactor.disable', { code: '123456' });
    expect(wrong.status).toBe(400);
    const off = await trpc(browser, 'twoFactor.disable', { recoveryCode: recoveryCodes[2]! });
    expect(off.status).toBe(200);
    expect((await trpc(browser, 'admins.getAdminUserInfo')).data).toMatchObject({ needsSecondFactor: true });
    expect((await rest(browser, 'GET', '/all-users')).status).toBe(403);
    expect(
      await t.db.selectFrom('two_factor_recovery_codes').select('id').where('user_id', '=', id).execute(),
    ).toEqual([]);
    expect((await audits(id)).at(-1)).toMatchObject({
      action: 'two_factor.disable',
      after: { provenWith: 'recovery' },
    });
  });
});

describe('wrong codes at sign-in', () => {
  it('end the challenge after five, count toward the throttle and are audited', async () => {
    const email = STAFF_EMAIL.FINANCE;
    const id = await userId(t, email);
    const browser = from('198.51.100.20');
    await browser.passwordStep(email, DEMO_PASSWORD);
    const before = await invalidCodeAttempts(email);
    for (let i = 0; i < 4; i++) {
      expect((await answerOf(await codeStep(browser, { code: '000000' }))).url).toContain(
        'error=InvalidCode',
      );
    }
    const fifth = await answerOf(await codeStep(browser, { code: '000000' }));
    expect(fifth).toMatchObject({ status: 401, url: expect.stringContaining('error=TwoFactorExpired') });
    // The wrong codes count like wrong passwords: the pair is past its free failures, so even the
    // right password from that address now waits (a second after the fifth failure, in database
    // time: asked at once, before the slower checks below).
    const held = await browser.passwordStep(email, DEMO_PASSWORD);
    expect(held.status).toBe(429);
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await invalidCodeAttempts(email)).toBe(before + 5);
    const failed = (await audits(id)).filter((a) => a.action === 'two_factor.code_failed');
    expect(failed).toHaveLength(5);
    expect(failed[0]).toMatchObject({ after: { during: 'sign-in' } });
    // Security staff see them on the security screen's attempts list.
    const security = from('198.51.100.21');
    await security.signIn(STAFF_EMAIL.SECURITY, DEMO_PASSWORD);
    const listed = await rest(
      security,
      'GET',
      listPath('sign-in-attempts', { filter: { reason: 'invalid_code', email }, range: [0, 9] }),
    );
    expect(listed.status).toBe(200);
    expect(listed.json).toHaveLength(5);
  });
});

describe('members, once a SUPER_ADMIN requires it', () => {
  it('are sent to set it up on the site after the password, and then need the code', async () => {
    const admin = from('198.51.100.30');
    await admin.signIn(STAFF_EMAIL.SUPER_ADMIN, DEMO_PASSWORD);
    const toggled = await rest(admin, 'PUT', '/feature-toggles/two-factor-for-members', { enabled: true });
    expect(toggled.status).toBe(200);
    try {
      const email = 'member@demo.campaignhq.test';
      const member = from('198.51.100.31');
      const first = await answerOf(await member.passwordStep(email, DEMO_PASSWORD, '/jobs'));
      expect(first).toMatchObject({ status: 200, url: '/auth/two-factor/setup?callbackUrl=%2Fjobs' });
      const intro = await (await member.request(first.url)).text();
      expect(intro).toContain('asks every member');
      // Until it is set up, the password alone opens nothing else: pages lead back here, the API refuses.
      const held = await member.request('/settings');
      expect(held.status).toBe(302);
      expect(held.headers.get('location')).toBe('/auth/two-factor/setup');
      const refused = await member.trpc('settings.updateNames', { firstName: 'Held', lastName: 'Back' });
      expect(refused.status).toBe(403);
      const names = await t.db
        .selectFrom('users')
        .select('first_name')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(names.first_name).not.toBe('Held');

      const post = (fields: Record<string, string>) => member.form(first.url, fields);
      const started = await (await post({ action: 'start' })).text();
      const shown = /data-secret="true">([A-Z2-7 ]+)</.exec(started)?.[1]?.replace(/ /g, '');
      expect(shown).toMatch(/^[A-Z2-7]{32}$/);
      const secret = decodeBase32IgnorePadding(shown!);
      const id = await userId(t, email);
      const wrong = await post({ action: 'confirm', code: '000000', secret: shown!, uri: 'x' });
      expect(wrong.status).toBe(400);
      expect(await wrong.text()).toContain('That code is not right');
      const done = await post({ action: 'confirm', code: await freshCode(secret, id) });
      const page = await done.text();
      expect(page).toContain('Save your recovery codes');
      expect(page.match(/<li><code>[a-z2-7]{5}-[a-z2-7]{5}<\/code><\/li>/g)).toHaveLength(10);
      expect(page).not.toContain(shown!);
      expect(await (await member.request('/auth/two-factor/setup')).text()).toContain(
        'You have 10 unused recovery codes',
      );
      // Enrolling proved the factor for this session: the site opens.
      expect((await member.request('/settings')).status).toBe(200);

      const again = from('198.51.100.32');
      expect((await answerOf(await again.passwordStep(email, DEMO_PASSWORD, '/jobs'))).url).toBe(
        '/auth/two-factor?callbackUrl=%2Fjobs',
      );
      const signedIn = await answerOf(await codeStep(again, { code: await freshCode(secret, id) }, '/jobs'));
      expect(signedIn).toMatchObject({ status: 200, url: '/jobs' });
      await t.db.deleteFrom('two_factor_credentials').where('user_id', '=', id).execute();
    } finally {
      await rest(admin, 'PUT', '/feature-toggles/two-factor-for-members', { enabled: false });
    }
  });
});

async function invalidCodeAttempts(email: string): Promise<number> {
  const rows = await t.db
    .selectFrom('sign_in_attempts')
    .select('id')
    .where('email', '=', email)
    .where('reason', '=', 'invalid_code')
    .execute();
  return rows.length;
}
