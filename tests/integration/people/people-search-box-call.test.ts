import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../api/seed/demo-accounts';
import { generateMembers } from '../../../api/seed/members';
import { upsertUsers } from '../../../api/seed/user-rows';
import { demoAccounts } from '../../factories/accounts';
import { createTestApp, type TestApp, TestBrowser } from '../../factories/test-app';

/**
 * The header search box's call as the box sends it (site/lib/trpc.ts: POST with {"json": input})
 * and as the tRPC procedure answers it, for visitors and members: the answer's wire format,
 * refused, hostile, annotated, oversized and cross-site calls. What the search finds:
 * people-search.test.ts.
 */
let t: TestApp;
let member: TestBrowser;

const PATH = '/api/doors/trpc/users.searchUsersByName';

const boxCall = (browser: TestBrowser, body: unknown) =>
  browser.request(PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

type People = { result: { data: { json: Record<string, unknown>[] } } };

beforeAll(async () => {
  t = await createTestApp();
  await demoAccounts(t.db, 'member', 'candidate');
  for (const batch of generateMembers(200)) await upsertUsers(t.db, batch);
  member = new TestBrowser(t);
  expect((await member.signIn('member@demo.campaignhq.test', DEMO_PASSWORD)).status).toBe(200);
});
afterAll(() => t.close());

describe('the search box call', () => {
  const inputs: Record<string, unknown>[] = [
    { query: 'jordan rivera', currentUserId: null },
    { query: 'jordn rivra', currentUserId: 5, state: null, role: null },
    { query: 'mar', currentUserId: null, role: 0 },
    { query: 'grant', currentUserId: null, role: 2, limit: 3 },
    { query: 'a', currentUserId: null, state: 'OH', role: '' },
  ];

  it.each(inputs)('answers %j with a JSON list, to visitors and members', async (input) => {
    for (const browser of [new TestBrowser(t), member]) {
      const res = await boxCall(browser, { json: input });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(Array.isArray(((await res.json()) as People).result.data.json)).toBe(true);
    }
  });

  it('answers a query without words with nobody', async () => {
    const res = await boxCall(new TestBrowser(t), { json: { query: '   ', currentUserId: null } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as People).result.data.json).toEqual([]);
  });

  it('finds people as the box shows them', async () => {
    const res = await boxCall(new TestBrowser(t), { json: { query: 'jordn rivra', currentUserId: null } });
    const people = ((await res.json()) as People).result.data.json;
    expect(people[0]).toMatchObject({ firstname: 'Jordan', lastname: 'Rivera', orgname: null, role: 1 });
  });

  it("answers refused input with tRPC's field errors", async () => {
    const res = await boxCall(new TestBrowser(t), { json: { query: 'x'.repeat(101), currentUserId: null } });
    expect(res.status).toBe(400);
    const refused = (await res.json()) as { error: { json: { data: { zodError: unknown } } } };
    expect(refused.error.json.data.zodError).toMatchObject({
      fieldErrors: { query: ['Search for at most 100 characters.'] },
    });
    expect((await boxCall(new TestBrowser(t), { json: { query: 'jordan', role: 6 } })).status).toBe(400);
  });

  it('refuses hostile input as every procedure does, though the schema would strip it', async () => {
    const res = await boxCall(
      new TestBrowser(t),
      '{"json":{"query":"jordan","currentUserId":null,"note":"a\\u0000b"}}',
    );
    expect(res.status).toBe(400);
  });

  it('reads an input superjson annotated', async () => {
    const res = await boxCall(new TestBrowser(t), {
      json: { query: 'jordan rivera', currentUserId: null, state: undefined },
      meta: { values: { state: ['undefined'] } },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as People).result.data.json[0]?.firstname).toBe('Jordan');
  });

  it('refuses a body over the API call limit and a cross-site call', async () => {
    const big = await boxCall(new TestBrowser(t), {
      json: { query: 'jordan', currentUserId: null, pad: 'x'.repeat(70_000) },
    });
    expect(big.status).toBe(413);
    const crossSite = await boxCall(new TestBrowser(t, { origin: 'https://evil.example' }), {
      json: { query: 'jordan', currentUserId: null },
    });
    expect(crossSite.status).toBe(403);
  });
});
