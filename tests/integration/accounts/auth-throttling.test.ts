import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../api/seed/demo-accounts';
import { demoAccounts } from '../../factories/accounts';
import { createTestApp, type TestApp, TestBrowser } from '../../factories/test-app';

/**
 * Finding 7: sign-in throttling slows guessing without locking out the owner
 * (api/modules/accounts/sign-in-throttle.ts, docs/decisions/0015-sign-in-throttling-safe-redirects-equal-time-sign-up.md).
 * Time passing is simulated by moving recorded attempts into the past, never by sleeping.
 */
const TOO_MANY = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';
let t: TestApp;
let ipCounter = 10;
const nextIp = () => `100.65.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;
const from = (ip: string) => new TestBrowser(t, { 'x-forwarded-for': ip });

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
  await demoAccounts(
    t.db,
    'organization',
    'vendor',
    'candidate',
    'support',
    'marketing',
    'finance',
    'security',
    'analytics',
    'sales',
  );
});
afterAll(() => t.close());

/** Failed attempts as the sign-in endpoint records them, `secondsAgo` in the past. */
async function recordFailures(rows: { email: string; ip: string }[], secondsAgo = 0) {
  if (rows.length === 0) return;
  await t.db
    .insertInto('sign_in_attempts')
    .values(
      rows.map(({ email, ip }) => ({
        email,
        ip,
        user_id: null,
        succeeded: false,
        reason: 'invalid',
        created_at: sql<Date>`now() - make_interval(secs => ${secondsAgo})`,
      })),
    )
    .execute();
}

/** Moves every attempt on `email` `seconds` into the past. */
async function age(email: string, seconds: number) {
  await t.db
    .updateTable('sign_in_attempts')
    .set({ created_at: sql`created_at - make_interval(secs => ${seconds})` })
    .where('email', '=', email)
    .execute();
}

async function expectRefused(res: Response, maxRetryAfter: number) {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(maxRetryAfter);
  const body = (await res.json()) as { url: string; error: string };
  expect(body.url).toContain('error=TooManyAttempts');
  expect(body.error).toBe(TOO_MANY);
}

async function expectSignedIn(res: Response) {
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ url: '/' });
}

describe('failures from an attacker do not lock out the owner', () => {
  it('ten wrong passwords from one address leave the account open to its owner elsewhere', async () => {
    const email = 'analytics@demo.campaignhq.test';
    const attacker = from(nextIp());
    for (let i = 0; i < 10; i++) {
      const res = await attacker.signIn(email, `wrong-${i}-password`);
      expect([401, 429]).toContain(res.status);
    }
    await expectSignedIn(await from(nextIp()).signIn(email, DEMO_PASSWORD));
  });

  it('ten failures from one address leave other people behind that address free to sign in', async () => {
    const shared = nextIp();
    const attacker = from(shared);
    for (let i = 0; i < 10; i++) await attacker.signIn('nobody@example.org', `wrong-${i}-password`);
    await expectSignedIn(await from(shared).signIn('support@demo.campaignhq.test', DEMO_PASSWORD));
  });
});

describe('one address guessing one account backs off exponentially', () => {
  it('allows a few mistakes, then answers 429 with Retry-After until the delay passes', async () => {
    const email = 'marketing@demo.campaignhq.test';
    const ip = nextIp();
    const b = from(ip);
    for (let i = 0; i < 5; i++) expect((await b.signIn(email, `typo-${i}-password`)).status).toBe(401);

    // Ten failures in all: the delay is 2^(10-5) = 32 seconds, even for the right password.
    await recordFailures(Array.from({ length: 5 }, () => ({ email, ip })));
    await expectRefused(await b.signIn(email, DEMO_PASSWORD), 32);
    const refused = await t.db
      .selectFrom('sign_in_attempts')
      .select(['succeeded', 'reason'])
      .where('email', '=', email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(refused).toEqual({ succeeded: false, reason: 'rate_limited' });

    // Refused attempts do not lengthen the delay: 33 seconds later the owner is in.
    await age(email, 33);
    await expectSignedIn(await b.signIn(email, DEMO_PASSWORD));
    // A success starts the pair afresh.
    expect((await b.signIn(email, 'one-more-typo-here')).status).toBe(401);
  });

  it('doubles the delay with every further failure, up to 15 minutes', async () => {
    const email = 'sales@demo.campaignhq.test';
    const ip = nextIp();
    await recordFailures(Array.from({ length: 12 }, () => ({ email, ip })));
    await expectRefused(await from(ip).signIn(email, DEMO_PASSWORD), 128);
    await age(email, 100);
    await expectRefused(await from(ip).signIn(email, DEMO_PASSWORD), 28);
    await recordFailures(Array.from({ length: 20 }, () => ({ email, ip })));
    const res = await from(ip).signIn(email, DEMO_PASSWORD);
    await expectRefused(res, 900);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(890);
  });

  it('forgets failures after a day', async () => {
    const email = 'finance@demo.campaignhq.test';
    const ip = nextIp();
    await recordFailures(
      Array.from({ length: 30 }, () => ({ email, ip })),
      24 * 3600 + 60,
    );
    await expectSignedIn(await from(ip).signIn(email, DEMO_PASSWORD));
  });
});

describe('one address failing across many accounts (credential stuffing)', () => {
  it('is refused past the per-address ceiling, except for accounts that signed in from it before', async () => {
    const ip = nextIp();
    await expectSignedIn(await from(ip).signIn('vendor@demo.campaignhq.test', DEMO_PASSWORD));
    await recordFailures(Array.from({ length: 100 }, (_, i) => ({ email: `victim${i}@example.org`, ip })));
    await expectRefused(await from(ip).signIn('candidate@demo.campaignhq.test', DEMO_PASSWORD), 900);
    await expectSignedIn(await from(ip).signIn('vendor@demo.campaignhq.test', DEMO_PASSWORD));
    // The same account from another address is untouched.
    await expectSignedIn(await from(nextIp()).signIn('candidate@demo.campaignhq.test', DEMO_PASSWORD));
  });
});

describe('many addresses failing against one account', () => {
  it('slows new addresses down, never locks them out, and never slows the owner at their own address', async () => {
    const email = 'organization@demo.campaignhq.test';
    const home = nextIp();
    await expectSignedIn(await from(home).signIn(email, DEMO_PASSWORD));
    await recordFailures(Array.from({ length: 40 }, () => ({ email, ip: nextIp() })));

    await expectSignedIn(await from(home).signIn(email, DEMO_PASSWORD));
    const traveller = nextIp();
    await expectRefused(await from(traveller).signIn(email, DEMO_PASSWORD), 60);
    // A minute after the attacker's last guess, a new address gets its turn.
    await age(email, 61);
    await expectSignedIn(await from(traveller).signIn(email, DEMO_PASSWORD));
  });
});

describe('parallel guesses from one address', () => {
  it('cannot all slip past the check before the first failure is recorded', async () => {
    const email = 'security@demo.campaignhq.test';
    const b = from(nextIp());
    await b.csrf();
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) => b.signIn(email, `parallel-${i}-guess`).then((r) => r.status)),
    );
    expect(answers.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    expect(answers.filter((s) => s === 429).length).toBeGreaterThanOrEqual(6);
  });
});
