import { memberAt, mulberry32 } from '../../api/seed/members';
import type { SeedUserRow } from '../../api/seed/user-rows';

/**
 * Realistic-cardinality names for the search benchmarks. The seed's 676 name tokens make every
 * lookup trivial; real records list over 150,000 surnames. This builds, deterministically,
 * 20,000 given names and 120,000 surnames from syllables (pronounceable, varied lengths, shared
 * prefixes and near-misses as in real names), drawn with a skew so common names are common
 * (the most frequent surname about 1 %, like Smith) and the long tail still appears at 1M.
 */

const ONSETS = [
  '',
  'b',
  'br',
  'c',
  'ch',
  'cl',
  'd',
  'dr',
  'f',
  'fr',
  'g',
  'gr',
  'h',
  'j',
  'k',
  'kr',
  'l',
  'm',
  'n',
  'p',
  'pr',
  'r',
  's',
  'sh',
  'st',
  't',
  'tr',
  'v',
  'w',
  'y',
  'z',
  'th',
  'sl',
  'bl',
];
const VOWELS = ['a', 'e', 'i', 'o', 'u', 'ai', 'ea', 'ie', 'ou', 'y', 'oa', 'ee'];
const CODAS = [
  '',
  '',
  '',
  'n',
  'r',
  'l',
  's',
  'm',
  'd',
  't',
  'k',
  'nd',
  'rt',
  'ng',
  'st',
  'x',
  'ck',
  'ld',
  'rn',
];
const SURNAME_ENDINGS = [
  '',
  '',
  '',
  'son',
  'man',
  'ley',
  'er',
  'ez',
  'ski',
  'ton',
  'ford',
  'berg',
  'well',
  'ino',
];
const GIVEN_ENDINGS = ['', '', 'a', 'o', 'ie', 'el', 'an', 'ette', 'ina', 'us'];

export const GIVEN_NAME_COUNT = 20_000;
export const SURNAME_COUNT = 120_000;

type Rand = () => number;
const pick = <T>(rand: Rand, items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
const capitalize = (w: string) => w[0]!.toUpperCase() + w.slice(1);

function syllable(rand: Rand): string {
  return pick(rand, ONSETS) + pick(rand, VOWELS) + pick(rand, CODAS);
}

const SHORT_ONSETS = ['b', 'd', 'g', 'k', 'l', 'm', 'n', 'p', 'r', 's', 't', 'v', 'z'];
const SHORT_VOWELS = ['a', 'e', 'i', 'o', 'u', 'y'];

/** One full syllable, then often a short one, then an ending: about 6–7 letters, as real names. */
function build(count: number, seed: number, endings: readonly string[], secondSyllable: number): string[] {
  const rand = mulberry32(seed);
  const out = new Set<string>();
  while (out.size < count) {
    let word = syllable(rand);
    if (rand() < secondSyllable) word += pick(rand, SHORT_ONSETS) + pick(rand, SHORT_VOWELS);
    word += pick(rand, endings);
    if (word.length >= 3 && word.length <= 14) out.add(word);
  }
  return [...out].map(capitalize);
}

let cached: { given: string[]; surnames: string[] } | undefined;

/** The two lists, most common first (the order is random with respect to spelling). */
export function vocabulary(): { given: string[]; surnames: string[] } {
  cached ??= {
    given: build(GIVEN_NAME_COUNT, 0x61fe, GIVEN_ENDINGS, 0.5),
    surnames: build(SURNAME_COUNT, 0x5a12, SURNAME_ENDINGS, 0.7),
  };
  return cached;
}

/** rank = n·u^k: P(rank 0) = n^(−1/k); the tail still gets drawn at a million rows. */
const skewed = (rand: Rand, n: number, k: number) => Math.min(n - 1, Math.floor(n * rand() ** k));

/** Member `index` of the realistic population: the seed's member with vocabulary names. */
export function realisticMemberAt(index: number): SeedUserRow {
  const row = memberAt(index);
  if (row.kind !== 'individual') return row;
  const { given, surnames } = vocabulary();
  const rand = mulberry32(Math.imul(index + 7, 0x2c1b3c6d) ^ 0x77aa);
  const first = given[skewed(rand, given.length, 3)]!;
  const last = surnames[skewed(rand, surnames.length, 2.5)]!;
  return {
    ...row,
    first_name: first,
    last_name: last,
    email: `${first.toLowerCase()}.${last.toLowerCase()}.${index + 1}@members.campaignhq.test`,
  };
}

export function* realisticMembers(count: number, batchSize = 2000): Generator<SeedUserRow[]> {
  for (let from = 0; from < count; from += batchSize) {
    const batch: SeedUserRow[] = [];
    for (let i = from; i < Math.min(count, from + batchSize); i++) batch.push(realisticMemberAt(i));
    yield batch;
  }
}

export interface Probe {
  query: string;
  kind: 'exact' | 'typo' | 'typo2' | 'partial' | 'surname' | 'organization';
  /** The display name the query was made from: a hit when a result carries it. */
  target: string;
}

/** One realistic typo: a dropped, doubled, swapped or replaced letter inside the word. */
export function typo(word: string, rand: Rand): string {
  if (word.length < 4) return word;
  const i = 1 + Math.floor(rand() * (word.length - 2));
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  switch (Math.floor(rand() * 4)) {
    case 0:
      return word.slice(0, i) + word.slice(i + 1);
    case 1:
      return word.slice(0, i) + word[i] + word.slice(i);
    case 2:
      return word.slice(0, i - 1) + word[i] + word[i - 1] + word.slice(i + 1);
    default:
      return word.slice(0, i) + letters[Math.floor(rand() * 26)] + word.slice(i + 1);
  }
}

export const displayName = (m: SeedUserRow) => m.org_name ?? `${m.first_name} ${m.last_name}`;

/**
 * `count` distinct queries made from members 0..members-1: exact names, one typo in a word
 * (the recall measure), two typos in a long word, partial last words, surnames alone, orgs.
 */
export function realisticProbes(members: number, count: number, seed: number): Probe[] {
  const rand = mulberry32(seed);
  const out: Probe[] = [];
  const seen = new Set<string>();
  while (out.length < count) {
    const m = realisticMemberAt(Math.floor(rand() * members));
    if (m.blocked_at) continue;
    const target = displayName(m);
    const words = target.toLowerCase().split(/\s+/);
    const r = rand();
    const which = r < 0.45 ? 0 : 1;
    let probe: Probe;
    if (m.org_name) {
      const significant = words.filter((w) => w.length > 3);
      probe = { query: significant.slice(0, 2).join(' '), kind: 'organization', target };
    } else if (r < 0.25) probe = { query: words.join(' '), kind: 'exact', target };
    else if (r < 0.6)
      probe = {
        query: words.map((w, i) => (i === which ? typo(w, rand) : w)).join(' '),
        kind: 'typo',
        target,
      };
    else if (r < 0.7 && words[1]!.length >= 6)
      probe = {
        query: `${words[0]} ${typo(typo(words[1]!, rand), rand)}`,
        kind: 'typo2',
        target,
      };
    else if (r < 0.9)
      probe = {
        query: `${words[0]} ${words[1]!.slice(0, 2 + Math.floor(rand() * 3))}`,
        kind: 'partial',
        target,
      };
    else probe = { query: words[1]!, kind: 'surname', target };
    if (probe.query.trim() === '' || seen.has(probe.query)) continue;
    seen.add(probe.query);
    out.push(probe);
  }
  return out;
}
