import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchPeople } from '../../../api/modules/people/search';
import { DEMO_PASSWORD } from '../../../api/seed/demo-accounts';
import { generateMembers, memberAt } from '../../../api/seed/members';
import { upsertUsers } from '../../../api/seed/user-rows';
import { jsonb } from '../../../db/json';
import { rebuildNameTokens } from '../../../db/name-tokens';
import type { AttributeVisibilityMap, Visibility } from '../../../db/schema';
import { demoAccounts } from '../../factories/accounts';
import { createTestApp, type TestApp, TestBrowser } from '../../factories/test-app';

/**
 * People search: ranking, typo tolerance, partial words, filters, exclusion of blocked and
 * deleted accounts, and attribute visibility in filters (visitor, member, self). Runs on PGlite,
 * or on PostgreSQL when DATABASE_URL is set.
 */
let t: TestApp;
let jordan: number;
let marisol: number;
let cleanWater: number;

const idOfName = async (first: string, last: string) =>
  (
    await t.db
      .selectFrom('users')
      .select('id')
      .where('first_name', '=', first)
      .where('last_name', '=', last)
      .executeTakeFirstOrThrow()
  ).id;

const idOf = async (email: string) =>
  (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

async function search(query: string, options: Partial<Parameters<typeof searchPeople>[1]> = {}) {
  return (await searchPeople(t.db, { query, viewerId: null, limit: 8, ...options })).people;
}

type Result = { id: number; firstname: string | null; lastname: string | null; orgname: string | null };

async function boxSearch(browser: TestBrowser, input: Record<string, unknown>) {
  const res = await browser.trpc('users.searchUsersByName', {
    state: null,
    role: null,
    currentUserId: null,
    ...input,
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { result: { data: { json: Result[] } } }).result.data.json;
}

beforeAll(async () => {
  t = await createTestApp();
  await demoAccounts(t.db, 'member', 'candidate', 'organization');
  for (const batch of generateMembers(300)) await upsertUsers(t.db, batch);
  jordan = await idOf('member@demo.campaignhq.test');
  marisol = await idOf('candidate@demo.campaignhq.test');
  cleanWater = await idOf('organization@demo.campaignhq.test');
});
afterAll(() => t.close());

describe('ranking and tolerance', () => {
  it('finds Jordan Rivera first despite a typo in each word', async () => {
    const people = await search('jordn rivra');
    expect(people[0]?.id).toBe(jordan);
  });

  it('finds people from partial words and swapped letters', async () => {
    expect((await search('jor riv'))[0]?.id).toBe(jordan);
    expect((await search('jrodan rivera'))[0]?.id).toBe(jordan);
    expect((await search('marisol'))[0]?.id).toBe(marisol);
    expect((await search('mari gran'))[0]?.id).toBe(marisol);
  });

  it('matches organization names, ignoring connecting words and case', async () => {
    expect((await search('CITIZENS CLEAN WATER'))[0]?.id).toBe(cleanWater);
    expect((await search('citizns for clen water'))[0]?.id).toBe(cleanWater);
    expect((await search('citizens cle'))[0]?.id).toBe(cleanWater);
  });

  it('puts people matching every word before people matching some', async () => {
    const people = await search('jordan rivera');
    expect(people[0]?.id).toBe(jordan);
    // Everyone after the full match shares only one of the two names.
    for (const p of people.slice(1)) {
      const full = `${p.firstName} ${p.lastName}`.toLowerCase();
      expect(full === 'jordan rivera').toBe(false);
    }
  });

  it('lists each person once, at their best, and pages without repeats', async () => {
    // First and last name alike: both names match each word, in both tiers.
    await upsertUsers(
      t.db,
      ['Tamsin', 'Tamsyn', 'Tamsen'].flatMap((last, i) =>
        Array.from({ length: 9 }, (_, j) => ({
          ...memberAt(5_000 + i * 10 + j),
          kind: 'individual' as const,
          org_name: null,
          first_name: j === 0 && i === 0 ? 'Tamsin' : `Tamsin${'x'.repeat(j)}`,
          last_name: last,
          blocked_at: null,
        })),
      ),
    );
    const twice = await idOfName('Tamsin', 'Tamsin');
    for (const query of ['tamsin', 'tamsin tamsin', 'tamsn']) {
      const found = await search(query, { limit: 20 });
      expect(new Set(found.map((p) => p.id)).size, query).toBe(found.length);
      expect(found[0]?.id, query).toBe(twice);
    }
    const all = await search('tamsin tamsyn', { limit: 30 });
    const pages = [0, 5, 10].map((offset) => search('tamsin tamsyn', { limit: 5, offset }));
    const paged = (await Promise.all(pages)).flat();
    expect(paged.map((p) => p.id)).toEqual(all.slice(0, 15).map((p) => p.id));
  });

  it('returns nothing for an empty or wordless query, and at most the limit', async () => {
    const box = new TestBrowser(t);
    expect(await boxSearch(box, { query: '' })).toEqual([]);
    expect(await boxSearch(box, { query: '?!' })).toEqual([]);
    expect((await boxSearch(box, { query: 'a' })).length).toBeLessThanOrEqual(8);
    expect((await search('m', { limit: 3 })).length).toBeLessThanOrEqual(3);
  });

  it('keeps the token index in step with name changes, and a rebuild changes nothing', async () => {
    await t.db.updateTable('users').set({ last_name: 'Riverside' }).where('id', '=', jordan).execute();
    expect((await search('jordan riverside'))[0]?.id).toBe(jordan);
    const tokens = await t.db
      .selectFrom('user_name_tokens')
      .innerJoin('name_tokens', 'name_tokens.id', 'user_name_tokens.token_id')
      .select('name_tokens.token')
      .where('user_name_tokens.user_id', '=', jordan)
      .orderBy('name_tokens.token')
      .execute();
    expect(tokens.map((r) => r.token)).toEqual(['jordan', 'riverside']);
    await t.db.updateTable('users').set({ last_name: 'Rivera' }).where('id', '=', jordan).execute();
    const before = await search('jordan rivera');
    expect(before[0]?.id).toBe(jordan);
    await rebuildNameTokens(t.db);
    expect(await search('jordan rivera')).toEqual(before);
  });
});

describe('the searchUsersByName procedure', () => {
  it('returns exactly the six result fields, at most eight rows', async () => {
    const rows = await boxSearch(new TestBrowser(t), { query: 'jordn rivra' });
    expect(rows[0]).toEqual({
      id: jordan,
      firstname: 'Jordan',
      lastname: 'Rivera',
      orgname: null,
      profileimage: expect.stringMatching(/^\/media\//),
      role: 1,
    });
    for (const row of rows)
      expect(Object.keys(row).sort()).toEqual([
        'firstname',
        'id',
        'lastname',
        'orgname',
        'profileimage',
        'role',
      ]);
    expect(rows.length).toBeLessThanOrEqual(8);
  });

  it('gives the numeric role: 2 candidate, 5 organization', async () => {
    const box = new TestBrowser(t);
    expect((await boxSearch(box, { query: 'marisol grant' }))[0]).toMatchObject({ id: marisol, role: 2 });
    expect((await boxSearch(box, { query: 'citizens clean water' }))[0]).toMatchObject({
      id: cleanWater,
      role: 5,
    });
  });

  it('filters by state and role', async () => {
    const box = new TestBrowser(t);
    const inOhio = await boxSearch(box, { query: 'grant', state: 'OH' });
    expect(inOhio.map((r) => r.id)).toContain(marisol);
    expect((await boxSearch(box, { query: 'grant', state: 'PA' })).map((r) => r.id)).not.toContain(marisol);
    const orgs = await boxSearch(box, { query: 'citizens', role: 5 });
    expect(orgs.length).toBeGreaterThan(0);
    for (const r of orgs) expect(r).toMatchObject({ role: 5 });
    expect(await boxSearch(box, { query: 'jordan rivera', role: 2 })).not.toContainEqual(
      expect.objectContaining({ id: jordan }),
    );
  });

  it('takes role 0 as any role: people of every role, the same answer as no role', async () => {
    const box = new TestBrowser(t);
    for (const [query, id, role] of [
      ['jordan rivera', jordan, 1],
      ['marisol grant', marisol, 2],
      ['citizens clean water', cleanWater, 5],
    ] as const) {
      const anyRole = await boxSearch(box, { query, role: 0 });
      expect(anyRole).toContainEqual(expect.objectContaining({ id, role }));
      expect(anyRole).toEqual(await boxSearch(box, { query, role: null }));
    }
  });

  it('rejects bad input with field errors', async () => {
    const res = await new TestBrowser(t).trpc('users.searchUsersByName', { query: 'x'.repeat(101) });
    expect(res.status).toBe(400);
    for (const role of [-1, 6, 1.5]) {
      const bad = await new TestBrowser(t).trpc('users.searchUsersByName', { query: 'jordan', role });
      expect(bad.status).toBe(400);
    }
  });
});

describe('exclusions and visibility', () => {
  it('never returns blocked or deleted accounts', async () => {
    await t.db.updateTable('users').set({ blocked_at: new Date() }).where('id', '=', jordan).execute();
    expect((await search('jordan rivera')).map((p) => p.id)).not.toContain(jordan);
    await t.db.updateTable('users').set({ blocked_at: null }).where('id', '=', jordan).execute();
    expect((await search('jordan rivera'))[0]?.id).toBe(jordan);

    await t.db.updateTable('users').set({ deleted_at: new Date() }).where('id', '=', marisol).execute();
    expect((await search('marisol grant')).map((p) => p.id)).not.toContain(marisol);
    await t.db.updateTable('users').set({ deleted_at: null }).where('id', '=', marisol).execute();
    expect((await search('marisol grant'))[0]?.id).toBe(marisol);
  });

  it('lets a filter match a hidden attribute only for those allowed to see it', async () => {
    const other = await idOf('organization@demo.campaignhq.test');
    const hide = (visibility: Visibility) =>
      t.db
        .updateTable('users')
        .set({ attribute_visibility: jsonb<AttributeVisibilityMap>({ state: visibility }) })
        .where('id', '=', jordan)
        .execute();
    const found = async (viewerId: number | null) =>
      (await search('jordan rivera', { viewerId, filters: { state: 'PA' } })).some((p) => p.id === jordan);

    await hide('members');
    expect(await found(null)).toBe(false);
    expect(await found(other)).toBe(true);
    expect((await search('jordan rivera', { viewerId: null }))[0]?.state).toBeNull();

    await hide('private');
    expect(await found(null)).toBe(false);
    expect(await found(other)).toBe(false);
    expect(await found(jordan)).toBe(true);

    await hide('public');
    expect(await found(null)).toBe(true);
    expect((await search('jordan rivera', { viewerId: null }))[0]?.state).toBe('PA');
  });

  it('takes the searcher from the session, never from currentUserId', async () => {
    await t.db
      .updateTable('users')
      .set({ attribute_visibility: jsonb({ state: 'private' }) })
      .where('id', '=', jordan)
      .execute();
    const visitor = new TestBrowser(t);
    const claimed = await boxSearch(visitor, { query: 'jordan rivera', state: 'PA', currentUserId: jordan });
    expect(claimed.map((r) => r.id)).not.toContain(jordan);

    const self = new TestBrowser(t);
    expect((await self.signIn('member@demo.campaignhq.test', DEMO_PASSWORD)).status).toBe(200);
    expect((await boxSearch(self, { query: 'jordan rivera', state: 'PA' })).map((r) => r.id)).toContain(
      jordan,
    );
    await t.db
      .updateTable('users')
      .set({ attribute_visibility: sql`'{}'::jsonb` })
      .where('id', '=', jordan)
      .execute();
  });

  it('filters by other attributes, but never by sensitive ones', async () => {
    await t.db
      .updateTable('users')
      .set({ profile_attributes: jsonb({ language: ['spanish', 'english'], religious: 'catholic' }) })
      .where('id', '=', jordan)
      .execute();
    const spanish = await search('jordan', { filters: { attributes: { language: 'spanish' } } });
    expect(spanish.map((p) => p.id)).toEqual([jordan]);
    expect(await search('jordan', { filters: { attributes: { language: 'french' } } })).toEqual([]);
    // A filter on faith is ignored rather than applied: searching by religion is not offered.
    const faith = await search('jordan rivera', { filters: { attributes: { religious: 'buddhist' } } });
    expect(faith.map((p) => p.id)).toContain(jordan);
  });

  it('browses by filters alone, newest first, with pages', async () => {
    const first = await searchPeople(t.db, { query: '', viewerId: null, limit: 5, filters: { role: 5 } });
    expect(first.people).toHaveLength(5);
    expect(first.hasMore).toBe(true);
    const ids = first.people.map((p) => p.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const second = await searchPeople(t.db, {
      query: '',
      viewerId: null,
      limit: 5,
      offset: 5,
      filters: { role: 5 },
    });
    expect(second.people.map((p) => p.id).some((id) => ids.includes(id))).toBe(false);
  });
});

describe('the /search page', () => {
  it('renders results for a shareable URL without JavaScript, only public facts for visitors', async () => {
    const res = await new TestBrowser(t).request('/search?q=jordn+rivra&state=&role=');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`href="/profile/jordan-rivera/${jordan}"`);
    expect(html).toContain('name="q"');
    expect(html).toContain('value="jordn rivra"');
    expect(html).not.toContain('member@demo.campaignhq.test');
  });

  it('keeps every filter in the pagination links', async () => {
    const html = await (await new TestBrowser(t).request('/search?role=1&state=CA')).text();
    if (html.includes('rel="next"')) expect(html).toMatch(/href="\/search\?[^"]*role=1[^"]*page=2"/);
    expect(html).toMatch(/<option value="CA" selected="">/);
  });
});
