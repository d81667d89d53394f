import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../api/seed/demo-accounts';
import { generateMembers } from '../../../api/seed/members';
import { upsertUsers } from '../../../api/seed/user-rows';
import { demoAccounts } from '../../factories/accounts';
import { createTestApp, type TestApp, TestBrowser } from '../../factories/test-app';

/**
 * The search box's call answered before tRPC (api/routes/people-search-box-fast-path.ts) says
 * what the tRPC procedure says: the box's POST is answered by the fast path, a GET of the same
 * input by the router, and the two must match for visitors and members, with and without
 * filters. Refused, hostile, annotated and oversized calls get tRPC's (or the body limit's) answers.
 */
let t: TestApp;
let member: TestBrowser;

const PATH = '/api/trpc/users.searchUsersByName';

/** As the box sends it (site/lib/trpc.ts: POST), and as a tRPC GET of the same input. */
async function both(browser: TestBrowser, input: Record<string, unknown>) {
  const post = await browser.request(PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ json: input }),
  });
  const get = await browser.request(`${PATH}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`);
  return { post, get };
}

beforeAll(async () => {
  t = await createTestApp();
  await demoAccounts(t.db, 'member', 'candidate');
  for (const batch of generateMembers(200)) await upsertUsers(t.db, batch);
  member = new TestBrowser(t);
  expect((await member.signIn('member@demo.campaignhq.test', DEMO_PASSWORD)).status).toBe(200);
});
afterAll(() => t.close());

describe('the search box fast path', () => {
  const inputs: Record<string, unknown>[] = [
    { query: 'jordan rivera', currentUserId: null },
    { query: 'jordn rivra', currentUserId: 5, state: null, role: null },
    { query: 'mar', currentUserId: null, role: 0 },
    { query: 'grant', currentUserId: null, role: 2, limit: 3 },
    { query: 'a', currentUserId: null, state: 'OH', role: '' },
    { query: '   ', currentUserId: null },
  ];

  it.each(inputs)('answers %j as the tRPC procedure does, to visitors and members', async (input) => {
    for (const browser of [new TestBrowser(t), member]) {
      const { post, get } = await both(browser, input);
      expect(post.status).toBe(200);
      expect(get.status).toBe(200);
      expect(post.headers.get('content-type')).toMatch(/^application\/json/);
      const answer = (await post.json()) as { result: { data: { json: unknown[] } } };
      expect(answer).toEqual(await get.json());
      expect(Array.isArray(answer.result.data.json)).toBe(true);
    }
  });

  it('finds people through the fast path as the box shows them', async () => {
    const { post } = await both(new TestBrowser(t), { query: 'jordn rivra', currentUserId: null });
    const people = ((await post.json()) as { result: { data: { json: Record<string, unknown>[] } } }).result
      .data.json;
    expect(people[0]).toMatchObject({ firstname: 'Jordan', lastname: 'Rivera', orgname: null, role: 1 });
  });

  it("answers refused input with tRPC's field errors", async () => {
    const { post, get } = await both(new TestBrowser(t), { query: 'x'.repeat(101), currentUserId: null });
    expect(post.status).toBe(400);
    const refused = (await post.json()) as { error: { json: { data: { zodError: unknown } } } };
    expect(refused).toEqual(await get.json());
    expect(refused.error.json.data.zodError).toMatchObject({
      fieldErrors: { query: ['Search for at most 100 characters.'] },
    });
    const badRole = await both(new TestBrowser(t), { query: 'jordan', role: 6 });
    expect(badRole.post.status).toBe(400);
  });

  it('refuses hostile input as every procedure does, though the schema would strip it', async () => {
    const res = await new TestBrowser(t).request(PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"json":{"query":"jordan","currentUserId":null,"note":"a\\u0000b"}}',
    });
    expect(res.status).toBe(400);
  });

  it('leaves an input superjson annotated to the router, which reads it', async () => {
    const res = await new TestBrowser(t).request(PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        json: { query: 'jordan rivera', currentUserId: null, state: undefined },
        meta: { values: { state: ['undefined'] } },
      }),
    });
    expect(res.status).toBe(200);
    const people = ((await res.json()) as { result: { data: { json: { firstname: string }[] } } }).result.data
      .json;
    expect(people[0]?.firstname).toBe('Jordan');
  });

  it('refuses an oversized body and a cross-site call', async () => {
    const big = await new TestBrowser(t).request(PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ json: { query: 'jordan', currentUserId: null, pad: 'x'.repeat(20_000) } }),
    });
    expect(big.status).toBe(413);
    const crossSite = await new TestBrowser(t, { origin: 'https://evil.example' }).request(PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ json: { query: 'jordan', currentUserId: null } }),
    });
    expect(crossSite.status).toBe(403);
  });
});
