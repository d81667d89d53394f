import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localQueryWords } from '../../../api/modules/people/query-words';
import { searchPeople } from '../../../api/modules/people/search';
import { memberAt, mulberry32 } from '../../../api/seed/members';
import { upsertUsers } from '../../../api/seed/user-rows';
import { createTestApp, type TestApp } from '../../factories/test-app';

/**
 * Typo tolerance and prefix typing among a large-ish vocabulary (docs/decisions/0026-people-search-under-load.md): 2,000
 * people whose surnames are 2,000 distinct made-up words, many of them near-misses of the names
 * searched for, so a typo must be told apart from real neighbours, not just from a few hundred
 * seed names. Runs on PGlite, or on PostgreSQL when DATABASE_URL is set.
 */
let t: TestApp;
const PEOPLE = 2_000;
const TARGETS = [
  { first: 'Amara', last: 'Quintanilla' },
  { first: 'Tobias', last: 'Wojciechowski' },
  { first: 'Lena', last: 'Okonkwo' },
];
const ids = new Map<string, number>();

/** Deterministic surname-like words: syllables glued together. */
function madeUpWords(count: number): string[] {
  const rand = mulberry32(2026);
  const syllables = [
    'ka',
    'lo',
    'min',
    'tra',
    'vel',
    'qui',
    'na',
    'wo',
    'jci',
    'ko',
    'ski',
    'ton',
    'ber',
    'ri',
    'sa',
  ];
  const out = new Set<string>();
  while (out.size < count) {
    const n = 2 + Math.floor(rand() * 3);
    let w = '';
    for (let i = 0; i < n; i++) w += syllables[Math.floor(rand() * syllables.length)];
    out.add(w[0]!.toUpperCase() + w.slice(1));
  }
  return [...out];
}

/** Neighbours at one and two edits from each target surname: the typos must not pick them. */
const NEIGHBOURS = [
  'Quintanillo',
  'Quintanella',
  'Quintana',
  'Wojciechowska',
  'Wojcichowski',
  'Okonkwa',
  'Okonko',
];

const full = (p: { firstName: string | null; lastName: string | null }) => `${p.firstName} ${p.lastName}`;

beforeAll(async () => {
  t = await createTestApp();
  const words = madeUpWords(PEOPLE);
  const rows = words.map((last, i) => ({
    ...memberAt(i),
    kind: 'individual' as const,
    org_name: null,
    first_name: 'Sam',
    last_name: last,
    blocked_at: null,
  }));
  for (const [i, last] of NEIGHBOURS.entries())
    rows.push({
      ...memberAt(PEOPLE + i),
      kind: 'individual',
      org_name: null,
      first_name: 'Amara',
      last_name: last,
      blocked_at: null,
    });
  for (const [i, { first, last }] of TARGETS.entries())
    rows.push({
      ...memberAt(PEOPLE + 100 + i),
      kind: 'individual',
      org_name: null,
      first_name: first,
      last_name: last,
      blocked_at: null,
    });
  for (let i = 0; i < rows.length; i += 1000) await upsertUsers(t.db, rows.slice(i, i + 1000));
  for (const { first, last } of TARGETS) {
    const row = await t.db
      .selectFrom('users')
      .select('id')
      .where('first_name', '=', first)
      .where('last_name', '=', last)
      .executeTakeFirstOrThrow();
    ids.set(last, row.id);
  }
  // A shared 2-core machine may take a while to create 2,000 people on embedded PGlite.
}, 180_000);
afterAll(() => t.close());

async function top(query: string): Promise<string[]> {
  return (await searchPeople(t.db, { query, viewerId: null, limit: 8 })).people.map(full);
}

describe('typos among thousands of names', () => {
  it('holds thousands of distinct name words, each reachable through its deletion keys', async () => {
    const { rows } = await sql<{ tokens: number; keys: number }>`
      SELECT (SELECT count(*)::int FROM name_tokens) AS tokens, (SELECT count(DISTINCT token_id)::int FROM name_token_keys) AS keys`.execute(
      t.db,
    );
    expect(rows[0]!.tokens).toBeGreaterThan(PEOPLE);
    expect(rows[0]!.keys).toBe(rows[0]!.tokens);
  });

  it('finds a one-edit typo first: dropped, doubled, swapped or replaced letter', async () => {
    expect((await top('amara quintanila'))[0]).toBe('Amara Quintanilla');
    expect((await top('tobias wojciechowsski'))[0]).toBe('Tobias Wojciechowski');
    expect((await top('lena okonwko'))[0]).toBe('Lena Okonkwo');
    expect((await top('lena okonkwu'))[0]).toBe('Lena Okonkwo');
  });

  it('finds a two-edit typo in a word of five letters or more', async () => {
    expect((await top('tobias wojcechowsky'))[0]).toBe('Tobias Wojciechowski');
    expect((await top('amara kuintanila'))[0]).toBe('Amara Quintanilla');
  });

  it('ranks the exact name above its one- and two-edit neighbours', async () => {
    const found = await top('amara quintanilla');
    expect(found[0]).toBe('Amara Quintanilla');
    expect(found).toContain('Amara Quintanillo');
  });

  it('finds a name from its first letters while it is being typed', async () => {
    // Amara Quintana is as good an answer for now: both names start so.
    expect(await top('amara quinta')).toContain('Amara Quintanilla');
    expect((await top('tobias wojc'))[0]).toBe('Tobias Wojciechowski');
    expect(await top('okonk')).toContain('Lena Okonkwo');
  });

  it('allows one edit only below five letters', async () => {
    // "lena" is four letters: "lenx" is one edit away, "lxnx" two.
    expect(await top('lenx okonkwo')).toContain('Lena Okonkwo');
    expect((await top('lxnx')).filter((n) => n.startsWith('Lena'))).toEqual([]);
  });
});

describe('query words without a round trip', () => {
  it('normalizes exactly as the database function does, or defers to it', async () => {
    const inputs = [
      "O'Brien  jordan",
      'ÉLODIE dupré',
      'josé-maría núñez',
      'Zoë ÅSTRÖM',
      'ﬁnn',
      '42 Main St.',
      'déjà vu déjà',
      'İlker',
      'a & b',
    ];
    for (const input of inputs) {
      const local = localQueryWords(input);
      if (local === null) continue;
      const { rows } = await sql<{
        words: string[];
      }>`SELECT name_search_words(${input}, true) AS words`.execute(t.db);
      expect([...local].sort(), input).toEqual(rows[0]!.words);
    }
    expect(localQueryWords("O'Brien  jordan")).toEqual(['obrien', 'jordan']);
    expect(localQueryWords('İlker')).toBeNull();
  });
});

describe('a name just added', () => {
  it('is found at once, typo and all', async () => {
    expect(await top('imke zwartkrui')).not.toContain('Imke Zwartkruis');
    await upsertUsers(t.db, [
      {
        ...memberAt(PEOPLE + 500),
        kind: 'individual',
        org_name: null,
        first_name: 'Imke',
        last_name: 'Zwartkruis',
        blocked_at: null,
      },
    ]);
    expect(await top('imke zwartkrui')).toContain('Imke Zwartkruis');
    expect(await top('imke zwratkruis')).toContain('Imke Zwartkruis');
  });
});
