import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../api/seed/demo-accounts';
import { demoAccounts } from '../../factories/accounts';
import { createTestApp, type TestApp, TestBrowser } from '../../factories/test-app';

/**
 * Finding 8: every callback that takes a target from the request stays on our site and never
 * answers 500, whatever the target hides (api/auth/safe-redirect.ts).
 */
const MEMBER = 'member@demo.campaignhq.test';
let t: TestApp;
let ipCounter = 10;
const browser = () => new TestBrowser(t, { 'x-forwarded-for': `100.66.0.${ipCounter++}` });

/** Query strings exactly as an attacker would put them in a link (already percent-encoded). */
const HOSTILE_QUERIES = [
  '/%09/evil.example/',
  '/%0a/evil.example',
  '%0a',
  '%0d',
  '/%0d%0aSet-Cookie:%20x=1',
  '//evil.example',
  '/%5Cevil.example',
  '/%5C%5Cevil.example',
  'https://evil.example',
  'https%3A%2F%2Fevil.example',
  '/%252F%252Fevil.example',
  '%2F%252F%252Fevil.example',
  'javascript:alert(%22evil%22)',
];
/** The same kind of values as form fields (the form encodes them). */
const HOSTILE_VALUES = [
  '/\t/evil.example/',
  '/\n/evil.example',
  '\n',
  '\r',
  '/\\evil.example',
  '/\\\\evil.example',
  '//evil.example',
  'https://evil.example',
  '/%2F%2Fevil.example',
  '/%09/evil.example/',
];

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
  await demoAccounts(t.db, 'member');
});
afterAll(() => t.close());

const skipLinkOf = (html: string) => html.match(/<a href="([^"]*)">Skip for now<\/a>/)?.[1];

describe('/setup callbackUrl', () => {
  it.each(HOSTILE_QUERIES)(
    'GET /setup?callbackUrl=%s keeps "Skip for now" and the form on the site',
    async (query) => {
      const b = browser();
      await b.signIn(MEMBER, DEMO_PASSWORD);
      const res = await b.request(`/setup?callbackUrl=${query}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(skipLinkOf(html)).toBe('/myprofile');
      expect(html).toContain('name="callbackUrl" value="/myprofile"');
      expect(html).not.toContain('evil');
    },
  );

  it.each(HOSTILE_VALUES)('POST /setup with callbackUrl %j goes to /myprofile', async (callbackUrl) => {
    const b = browser();
    await b.signIn(MEMBER, DEMO_PASSWORD);
    const res = await b.form('/setup', { state: 'PA', party: 'independent', callbackUrl });
    expect([res.status, res.headers.get('location')]).toEqual([303, '/myprofile']);
  });

  it('still goes on to a local callback', async () => {
    const b = browser();
    await b.signIn(MEMBER, DEMO_PASSWORD);
    expect(skipLinkOf(await (await b.request('/setup?callbackUrl=%2Fjobs%3Fq%3Dfield')).text())).toBe(
      '/jobs?q=field',
    );
    const res = await b.form('/setup', { state: 'PA', party: 'independent', callbackUrl: '/jobs' });
    expect(res.headers.get('location')).toBe('/jobs');
  });
});

describe('sign-in and sign-out callbackUrl', () => {
  it.each(HOSTILE_VALUES)('sign-in with callbackUrl %j answers /', async (callbackUrl) => {
    const res = await browser().signIn(MEMBER, DEMO_PASSWORD, callbackUrl);
    expect(await res.json()).toEqual({ url: '/' });
  });

  it.each(HOSTILE_VALUES)('a plain form sign-in with callbackUrl %j redirects to /', async (callbackUrl) => {
    const b = browser();
    const res = await b.form('/api/auth/callback/credentials', {
      csrfToken: await b.csrf(),
      email: MEMBER,
      password: DEMO_PASSWORD,
      callbackUrl,
    });
    expect([res.status, res.headers.get('location')]).toEqual([303, '/']);
  });

  it.each(HOSTILE_QUERIES)('the sign-in page with callbackUrl=%s posts back to /', async (query) => {
    const res = await browser().request(`/auth/signin?callbackUrl=${query}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('name="callbackUrl" value="/"');
    expect(html).not.toContain('evil');
  });

  it.each(HOSTILE_QUERIES)(
    'a signed-in visit to the sign-in page with callbackUrl=%s goes to /',
    async (query) => {
      const b = browser();
      await b.signIn(MEMBER, DEMO_PASSWORD);
      const res = await b.request(`/api/auth/signin?callbackUrl=${query}`);
      expect([res.status, res.headers.get('location')]).toEqual([302, '/']);
    },
  );

  it.each(HOSTILE_VALUES)('sign-out with callbackUrl %j answers /', async (callbackUrl) => {
    const b = browser();
    await b.signIn(MEMBER, DEMO_PASSWORD);
    const res = await b.form('/api/auth/signout', { csrfToken: await b.csrf(), callbackUrl });
    expect([res.status, res.headers.get('location')]).toEqual([303, '/']);
  });
});

describe('the follow form sends back to the Referer only on our site', () => {
  it.each([
    'https://evil.example/profile',
    'http://localhost:3000//evil.example/',
    'http://localhost:3000/%09/evil.example/',
  ])('Referer %s goes to /', async (referer) => {
    const b = browser();
    await b.signIn(MEMBER, DEMO_PASSWORD);
    const res = await b.request('/profile/follow', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', referer },
      body: 'userId=999999',
    });
    expect([res.status, res.headers.get('location')]).toEqual([303, '/']);
  });
});
