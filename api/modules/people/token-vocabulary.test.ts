import { describe, expect, it } from 'vitest';
import { TokenVocabulary, trigramSimilarity } from './token-vocabulary';

// The parity with the SQL function over a large vocabulary is in
// tests/integration/people/people-search-vocabulary.test.ts; these are its rules one by one.

const words = [
  'jordan',
  'jordana',
  'jordans',
  'jordon',
  'gordan',
  'riviera',
  'rivera',
  'rivers',
  'ana',
  'anna',
  'jo',
];
const build = () =>
  TokenVocabulary.build(
    '7',
    words.map((token, i) => ({ id: 100 + i, token })),
  );

function named(vocabulary: TokenVocabulary, word: string, max = 8) {
  const found = vocabulary.match(word, max)!;
  return found.ids.map((id, i) => [words[id - 100], found.scores[i]]);
}

describe('trigramSimilarity (pg_trgm)', () => {
  it('counts shared padded trigrams over all distinct ones, as a float4', () => {
    // "  abc " and "  abd " share "  a" and " ab" of six distinct trigrams.
    expect(trigramSimilarity('abc', 'abd')).toBe(Math.fround(2 / 6));
    expect(trigramSimilarity('jordan', 'jordan')).toBe(1);
    expect(trigramSimilarity('abc', 'xyz')).toBe(0);
    // Repeated trigrams count once: "  aaaa " has "  a", " aa", "aaa", "aa ".
    expect(trigramSimilarity('aaaa', 'aaa')).toBe(1);
  });
});

describe('TokenVocabulary.match', () => {
  it('remembers a word it matched, per number of tokens asked, and forgets the oldest of many', async () => {
    const vocabulary = await build();
    const first = vocabulary.match('jordam', 8);
    expect(vocabulary.match('jordam', 8)).toBe(first);
    const fewer = vocabulary.match('jordam', 2);
    expect(fewer).not.toBe(first);
    expect(fewer?.ids).toEqual(first?.ids.slice(0, 2));
    expect(vocabulary.match('jor-dan', 8)).toBeNull();
    for (let i = 0; i < 10_000; i++) vocabulary.match(`x${i}`, 8);
    const again = vocabulary.match('jordam', 8);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });

  it('scores the word itself 1, then prefixes by how much of the name the word covers', async () => {
    const vocabulary = await build();
    expect(named(vocabulary, 'jordan').slice(0, 3)).toEqual([
      ['jordan', 1],
      ['jordana', (60 * 7 + 35 * 6) / 700],
      ['jordans', (60 * 7 + 35 * 6) / 700],
    ]);
  });

  it('finds typos within one edit from three letters and two from five, scored below a prefix', async () => {
    const vocabulary = await build();
    const found = named(vocabulary, 'jordam');
    // One edit (0.85 · 5/6), then two edits: a longer name (0.85 · 5/7) above a same-length one
    // (0.85 · 4/6), ties in byte order.
    expect(found.map(([w]) => w)).toEqual(['jordan', 'jordana', 'jordans', 'gordan', 'jordon']);
    const jordan = 0.85 * Math.max(trigramSimilarity('jordan', 'jordam'), 1 - 1 / 6);
    expect(found[0]).toEqual(['jordan', jordan]);
    // Two edits from a four-letter word are too many; one from a three-letter word is fine.
    expect(named(vocabulary, 'annx').map(([w]) => w)).toEqual(['anna']);
    expect(named(vocabulary, 'anx').map(([w]) => w)).toEqual(['ana']);
  });

  it('counts two swapped letters as one slip', async () => {
    const vocabulary = await build();
    expect(named(vocabulary, 'rievra').map(([w]) => w)).toContain('rivera');
  });

  it('keeps short words to their prefix range, best first, and caps the tokens', async () => {
    const vocabulary = await build();
    expect(named(vocabulary, 'jo', 3).map(([w]) => w)).toEqual(['jo', 'jordan', 'jordon']);
    expect(named(vocabulary, 'zz')).toEqual([]);
  });

  it('drops tokens far below the best one', async () => {
    const vocabulary = await build();
    // "rivers" is exact (1), "rivera" one edit (0.85 · 5/6 ≈ 0.71) is within 0.3 of it;
    // "riviera", two edits (0.85 · 5/7 ≈ 0.61), is not, though it would pass on its own.
    expect(named(vocabulary, 'rivers').map(([w]) => w)).toEqual(['rivers', 'rivera']);
    expect(named(vocabulary, 'riviers').map(([w]) => w)).toContain('rivera');
  });

  it('leaves words no name token can hold to the database', async () => {
    const vocabulary = await build();
    expect(vocabulary.match('jor-dan', 8)).toBeNull();
    expect(vocabulary.match('JORDAN', 8)).toBeNull();
  });

  it('answers nothing when the database holds a token no name word can be: it could be a typo candidate', async () => {
    const vocabulary = await TokenVocabulary.build('1', [
      { id: 5, token: 'zoe' },
      { id: 6, token: 'zoë' },
      { id: 7, token: 'amir' },
    ]);
    expect(vocabulary.size).toBe(2);
    expect(vocabulary.match('zoe', 8)).toBeNull();
    expect(vocabulary.match('amir', 8)).toBeNull();
    const whole = await TokenVocabulary.build('2', [
      { id: 7, token: 'amir' },
      { id: 5, token: 'zoe' },
    ]);
    expect(whole.match('zoe', 8)?.ids).toEqual([5]);
    expect(whole.match('amir', 8)?.ids).toEqual([7]);
  });
});
