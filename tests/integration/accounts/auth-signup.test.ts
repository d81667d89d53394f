import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../../api/auth/passwords';
import { signUp } from '../../../api/modules/accounts/service';
import { outboxEmail } from '../../../api/ports/email/outbox';
import { demoAccounts } from '../../factories/accounts';
import { createTestApp, type TestApp, TestBrowser } from '../../factories/test-app';

/**
 * Finding 10: sign-up does the same work and gives the same answer whether or not the address
 * already has an account. The timing itself is measured by `npm run bench -- signup-timing`.
 */
const MEMBER = 'member@demo.campaignhq.test';
let t: TestApp;
let ipCounter = 10;
const browser = () => new TestBrowser(t, { 'x-forwarded-for': `100.67.0.${ipCounter++}` });

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
  await demoAccounts(t.db, 'member');
});
afterAll(() => t.close());

const individual = (email: string) => ({
  kind: 'individual' as const,
  firstName: 'Sam',
  lastName: 'Okoro',
  email,
  password: 'a-long-unique-passphrase',
});

const emailsTo = async (to: string) =>
  t.db.selectFrom('email_outbox').select('subject').where('to_address', '=', to).orderBy('id').execute();

describe('sign-up answers the same for a registered and a new address', () => {
  it('through tRPC: same status and body', async () => {
    const registered = await browser().trpc('accounts.signUp', individual(MEMBER));
    const fresh = await browser().trpc('accounts.signUp', individual('sam.okoro@example.org'));
    expect(registered.status).toBe(200);
    expect(fresh.status).toBe(registered.status);
    const shape = (body: unknown) => JSON.stringify(body).replace(/"email":"[^"]*"/, '"email":"…"');
    expect(shape(await fresh.json())).toBe(shape(await registered.json()));
  });

  it('through the no-JavaScript form: same redirect and page', async () => {
    const registered = await browser().form('/signup', individual(MEMBER));
    const fresh = await browser().form('/signup', individual('sam.okoro.two@example.org'));
    expect([registered.status, registered.headers.get('location')]).toEqual([303, '/signup?sent=1']);
    expect([fresh.status, fresh.headers.get('location')]).toEqual([303, '/signup?sent=1']);
    expect(await fresh.text()).toBe(await registered.text());
  });
});

describe('sign-up does the same work either way', () => {
  it('hashes the password once and sends one email, whether or not the address has an account', async () => {
    const hashes: string[] = [];
    const countingHash = async (password: string) => {
      hashes.push(password);
      return hashPassword(password);
    };
    const deps = (ip: string) => ({
      db: t.db,
      email: outboxEmail(),
      appUrl: t.config.appUrl,
      ip,
      hashPassword: countingHash,
    });
    const before = (await emailsTo(MEMBER)).length;
    await signUp(deps('198.51.100.1'), individual(MEMBER));
    expect(hashes).toHaveLength(1);
    const toMember = await emailsTo(MEMBER);
    expect(toMember).toHaveLength(before + 1);
    expect(toMember.at(-1)?.subject).toBe('Someone tried to sign up with your email');

    await signUp(deps('198.51.100.2'), individual('new.person@example.org'));
    expect(hashes).toHaveLength(2);
    expect((await emailsTo('new.person@example.org')).map((e) => e.subject)).toEqual([
      'Confirm your email for Campaign HQ',
    ]);
  });

  it('a different letter case of a registered address is the same account', async () => {
    const res = await browser().trpc('accounts.signUp', individual('Member@Demo.CampaignHQ.test'));
    expect(res.status).toBe(200);
    const rows = await t.db
      .selectFrom('users')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', MEMBER))
      .execute();
    expect(rows).toHaveLength(1);
    expect((await emailsTo(MEMBER)).at(-1)?.subject).toBe('Someone tried to sign up with your email');
  });
});
