import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../factories/accounts';
import { createTestApp, type TestApp } from '../../factories/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // The reference lists come with the template; the profile redirect needs one individual.
  await demoAccounts(t.db, 'member');
});
afterAll(() => t.close());

describe('shOptions.values', () => {
  it('returns every reference list over the wire format of docs/product/spec.md §7', async () => {
    const res = await t.trpc('shOptions.values', undefined);
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      result: { data: { json: Record<string, { value: string; label: string }[]> } };
    };
    const lists = body.result.data.json;
    expect(Object.keys(lists)).toHaveLength(26);
    expect(lists.states).toHaveLength(51);
    expect(lists.states).toContainEqual({ value: 'DC', label: 'District of Columbia' });
  });
});

describe('feedback.submit', () => {
  const valid = {
    name: 'Ada Lovelace',
    email: 'ada@example.org',
    topic: 'idea',
    message: 'Please add ranked-choice polls.',
  };

  it('stores valid feedback', async () => {
    const res = await t.trpc('feedback.submit', { ...valid, state: 'NY' });
    expect(res.status).toBe(200);
    const row = await t.db
      .selectFrom('feedback')
      .selectAll()
      .where('email', '=', 'ada@example.org')
      .executeTakeFirst();
    expect(row).toMatchObject({ name: 'Ada Lovelace', topic: 'idea', state: 'NY' });
  });

  it('answers BAD_REQUEST with field errors and stores nothing', async () => {
    const before = await countFeedback();
    const res = await t.trpc('feedback.submit', { name: '', email: 'nope', topic: 'idea', message: 'short' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as {
      error: { json: { data: { code: string; zodError: { fieldErrors: Record<string, string[]> } } } };
    };
    expect(body.error.json.data.code).toBe('BAD_REQUEST');
    expect(body.error.json.data.zodError.fieldErrors).toMatchObject({
      name: ['Please tell us your name.'],
      email: ['Please enter a valid email address.'],
      message: ['Please write at least 10 characters.'],
    });
    expect(await countFeedback()).toBe(before);
  });

  it('refuses a state that is not in the reference list, as a field error', async () => {
    const res = await t.trpc('feedback.submit', { ...valid, state: 'ZZ' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as {
      error: { json: { data: { zodError: { fieldErrors: Record<string, string[]> } } } };
    };
    expect(body.error.json.data.zodError.fieldErrors.state).toEqual(['Please choose a state from the list.']);
  });

  it('refuses a cross-site POST before it reaches the procedure', async () => {
    const before = await countFeedback();
    const res = await t.trpc('feedback.submit', valid, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(await countFeedback()).toBe(before);
  });

  it('rate limits one address to 5 submissions in 10 minutes with TOO_MANY_REQUESTS', async () => {
    // Every request here comes from the same test client; the first test's submission used one
    // of the five (the refused ones above never reached the limiter).
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await t.trpc('feedback.submit', valid)).status);
    expect(codes).toEqual([200, 200, 200, 200, 429, 429]);
  });

  async function countFeedback() {
    const row = await t.db
      .selectFrom('feedback')
      .select(t.db.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
});

describe('pages and headers', () => {
  it('sets the security headers and a CSP that allows only our scripts', async () => {
    const res = await t.app.request('/about');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    // Live events come from our own origin: without Ably the browser may connect nowhere else.
    const connect = csp.split(';').find((d) => d.trim().startsWith('connect-src')) ?? '';
    expect(connect.trim().split(/\s+/).slice(1)).toEqual(["'self'"]);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('compresses HTML when the client accepts it', async () => {
    const res = await t.app.request('/', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
  });

  it('answers unknown paths with the bare 404 page', async () => {
    const res = await t.app.request('/no-such-page-here');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('data-layout="bare"');
  });

  it('reports database reachability on /healthz', async () => {
    const res = await t.app.request('/healthz');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', database: { reachable: true } });
  });

  it('redirects a wrong profile name to the canonical URL with 301', async () => {
    const user = await t.db
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name'])
      .where('kind', '=', 'individual')
      .executeTakeFirstOrThrow();
    const res = await t.app.request(`/profile/wrong-name/${user.id}`);
    expect(res.status).toBe(301);
    const slug = `${user.first_name}-${user.last_name}`.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    expect(res.headers.get('location')).toBe(`/profile/${slug}/${user.id}`);
  });
});
