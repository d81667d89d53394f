import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  peopleSearchCaches,
  SEARCH_CACHE_TTL_MS,
  searchPeopleCached,
} from '../../../api/modules/people/cached-search';
import { DEMO_PASSWORD } from '../../../api/seed/demo-accounts';
import { generateMembers } from '../../../api/seed/members';
import { upsertUsers } from '../../../api/seed/user-rows';
import { jsonb } from '../../../db/json';
import type { AttributeVisibilityMap } from '../../../db/schema';
import { demoAccounts } from '../../factories/accounts';
import { createTestApp, type TestApp, TestBrowser } from '../../factories/test-app';

/**
 * The result cache in front of people search (docs/decisions/0026-people-search-under-load.md): identical searches share an
 * answer for at most SEARCH_CACHE_TTL_MS, so a renamed person is found under the new name once
 * that bound has passed; and a cached answer never crosses from one kind of searcher to another
 * when filters make the rows depend on who searches. The cache's clock is the test's.
 */
let t: TestApp;
let jordan: number;
const clock = { now: 1_000_000 };

type Row = { id: number; firstname: string | null; lastname: string | null };

async function box(browser: TestBrowser, input: Record<string, unknown>): Promise<Row[]> {
  const res = await browser.trpc('users.searchUsersByName', { currentUserId: null, ...input });
  expect(res.status).toBe(200);
  return ((await res.json()) as { result: { data: { json: Row[] } } }).result.data.json;
}

beforeAll(async () => {
  t = await createTestApp();
  await demoAccounts(t.db, 'member', 'candidate');
  for (const batch of generateMembers(100)) await upsertUsers(t.db, batch);
  peopleSearchCaches(t.db, () => clock.now);
  jordan = (
    await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'member@demo.campaignhq.test')
      .executeTakeFirstOrThrow()
  ).id;
}, 120_000);
afterAll(() => t.close());

describe('cached people search', () => {
  it("shares the box's answer between calls within the bound (each call is a POST)", async () => {
    const visitor = new TestBrowser(t);
    expect((await box(visitor, { query: 'jordan rivera' }))[0]?.id).toBe(jordan);
    await t.db.updateTable('users').set({ last_name: 'Okafor' }).where('id', '=', jordan).execute();
    // The cache is keyed by database, not by the Kysely instance a caller happens to hold.
    expect((await box(new TestBrowser(t), { query: 'jordan rivera' }))[0]).toMatchObject({
      id: jordan,
      lastname: 'Rivera',
    });
    await t.db.updateTable('users').set({ last_name: 'Rivera' }).where('id', '=', jordan).execute();
    clock.now += SEARCH_CACHE_TTL_MS;
  });

  it('finds a renamed person under the new name once the cache entry has expired', async () => {
    const visitor = new TestBrowser(t);
    expect((await box(visitor, { query: 'jordan rivera' }))[0]?.id).toBe(jordan);
    await t.db.updateTable('users').set({ last_name: 'Okafor' }).where('id', '=', jordan).execute();
    // Within the bound the shared answer may still be the old one; past it, never.
    clock.now += SEARCH_CACHE_TTL_MS;
    const renamed = await box(visitor, { query: 'jordan rivera' });
    expect(renamed.find((r) => r.id === jordan)?.lastname ?? 'Okafor').toBe('Okafor');
    expect((await box(visitor, { query: 'jordan okafor' }))[0]).toMatchObject({
      id: jordan,
      lastname: 'Okafor',
    });
    await t.db.updateTable('users').set({ last_name: 'Rivera' }).where('id', '=', jordan).execute();
    clock.now += SEARCH_CACHE_TTL_MS;
  });

  it('shows the /search page from a cache with the same bound', async () => {
    const page = async () => (await new TestBrowser(t).request('/search?q=jordan+rivera')).text();
    expect(await page()).toContain(`href="/profile/jordan-rivera/${jordan}"`);
    await t.db.updateTable('users').set({ first_name: 'Jordana' }).where('id', '=', jordan).execute();
    clock.now += SEARCH_CACHE_TTL_MS;
    // One edit away, the same query now finds the new name.
    expect(await page()).toContain(`href="/profile/jordana-rivera/${jordan}"`);
    await t.db.updateTable('users').set({ first_name: 'Jordan' }).where('id', '=', jordan).execute();
    clock.now += SEARCH_CACHE_TTL_MS;
  });

  it("shows each visitor's /search page with the query as typed, and never a visitor's page to a signed-in member", async () => {
    const visitor = new TestBrowser(t);
    const typed = async (q: string) => (await visitor.request(`/search?q=${q}`)).text();
    // Same answer (case folded alike), each page with the query as its visitor typed it.
    expect(await typed('Jordan+Rivera')).toContain('value="Jordan Rivera"');
    expect(await typed('jordan+rivera')).toContain('value="jordan rivera"');
    expect(await typed('Jordan+Rivera')).toContain('value="Jordan Rivera"');
    const member = new TestBrowser(t);
    expect((await member.signIn('candidate@demo.campaignhq.test', DEMO_PASSWORD)).status).toBe(200);
    const page = await (await member.request('/search?q=jordan+rivera')).text();
    expect(page).toContain('Log Out');
    expect(page).toContain(`href="/profile/jordan-rivera/${jordan}"`);
    expect(await typed('jordan+rivera')).not.toContain('Log Out');
  });

  it("gzips a visitor's /search page, the same page each time", async () => {
    const visitor = new TestBrowser(t);
    const get = () => visitor.request('/search?q=jordan', { headers: { 'accept-encoding': 'gzip' } });
    const first = await get();
    const again = await get();
    for (const res of [first, again]) {
      expect(res.headers.get('content-encoding')).toBe('gzip');
      expect(res.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    }
    const page = async (res: Response) => gunzipSync(Buffer.from(await res.arrayBuffer())).toString();
    const rendered = await page(first);
    expect(rendered).toMatch(/^<!doctype html>/);
    expect(await page(again)).toBe(rendered);
  });

  it('never serves a member-only filter match to a visitor, in either order', async () => {
    await t.db
      .updateTable('users')
      .set({ attribute_visibility: jsonb<AttributeVisibilityMap>({ state: 'members' }) })
      .where('id', '=', jordan)
      .execute();
    const member = new TestBrowser(t);
    expect((await member.signIn('candidate@demo.campaignhq.test', DEMO_PASSWORD)).status).toBe(200);
    const visitor = new TestBrowser(t);
    const filtered = { query: 'jordan rivera', state: 'PA' };

    expect((await box(member, filtered)).map((r) => r.id)).toContain(jordan);
    expect((await box(visitor, filtered)).map((r) => r.id)).not.toContain(jordan);
    // Visitor first, on a fresh entry: the member still gets their own answer.
    clock.now += SEARCH_CACHE_TTL_MS;
    expect((await box(visitor, filtered)).map((r) => r.id)).not.toContain(jordan);
    expect((await box(member, filtered)).map((r) => r.id)).toContain(jordan);
  });

  it('shapes shared rows for each viewer: a private value shows only to its owner', async () => {
    await t.db
      .updateTable('users')
      .set({ attribute_visibility: jsonb<AttributeVisibilityMap>({ state: 'private' }) })
      .where('id', '=', jordan)
      .execute();
    clock.now += SEARCH_CACHE_TTL_MS;
    const as = async (viewerId: number | null) =>
      (await searchPeopleCached(t.db, { query: 'jordan rivera', viewerId, limit: 8 })).people.find(
        (p) => p.id === jordan,
      );
    expect((await as(jordan))?.state).toBe('PA');
    expect((await as(null))?.state).toBeNull();
    expect(await as(jordan)).toMatchObject({ state: 'PA' });
  });
});
