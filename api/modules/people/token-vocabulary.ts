/**
 * name_token_matches (migrations/0018_name_token_keys.ts) computed in the app from a copy of the
 * vocabulary of name words (docs/decisions/0052-name-token-matching-in-the-app.md). In the
 * database each query word cost a few dozen btree probes of name_token_keys, about half of a
 * search's database time; here it costs microseconds of the app's.
 *
 * The answer is the SQL function's, token for token and score for score, so the search statement
 * may use either (it uses this one only while the copy's generation is the database's):
 * - the same candidates: the prefix range and the tokens sharing a deletion key with the word
 *   (the word less up to one letter from three letters, up to two from five). The keys here are
 *   hashed with FNV-1a instead of hashtext; a hash collision only adds a candidate, which the
 *   edit-distance check then drops, in either place;
 * - the same scores in the same floating-point steps: 1 for the word itself; a prefix
 *   0.6 + 0.35 · len(word) / len(token) (numeric in SQL, exact to 20 digits, then float8: the one
 *   division here rounds the same exact value); otherwise 0.85 · max(pg_trgm similarity, a float4,
 *   1 − distance / longer length);
 * - the same order (score, then token in byte order: tokens are ASCII) and the same cut-offs.
 */

/** Name words hold only these (name_search_words splits on everything else). */
const TOKEN_CHARACTERS = /^[a-z0-9]+$/;
/** Tokens processed between two yields to the event loop while a copy is built. */
const TOKENS_PER_SLICE = 2_000;
/** Keys placed in their buckets between two yields. */
const KEYS_PER_SLICE = 200_000;

export interface TokenRow {
  id: number;
  token: string;
}

/** Shared between the searches that match the same word: read-only. */
export interface TokenMatches {
  readonly ids: readonly number[];
  readonly scores: readonly number[];
}

/**
 * Words whose matches a copy remembers: people search for the same names, and the search box asks
 * for every prefix typed ("j", "jo", "jor"), so a word is matched again and again (a match reads
 * dozens of candidates: ~0.1 ms). A few megabytes at most; the copy of the next generation starts
 * afresh, so a remembered answer is never behind the copy's own.
 */
const REMEMBERED_WORDS = 10_000;

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** FNV-1a of `word` without the letters at `skipA` and `skipB` (-1: none): no string is made. */
function keyHash(word: string, skipA: number, skipB: number): number {
  let hash = FNV_OFFSET;
  for (let i = 0; i < word.length; i++) {
    if (i === skipA || i === skipB) continue;
    hash = Math.imul(hash ^ word.charCodeAt(i), FNV_PRIME);
  }
  return hash | 0;
}

/**
 * The deletion keys of name_token_keys (migration 0031), in any order, possibly repeated, written
 * to `out` (at least keyCount(word.length) long); answers how many.
 */
function writeKeys(word: string, out: Int32Array): number {
  const n = word.length;
  let count = 0;
  out[count++] = keyHash(word, -1, -1);
  if (n < 3) return count;
  for (let i = 0; i < n; i++) {
    out[count++] = keyHash(word, i, -1);
    if (n >= 5) for (let j = i + 1; j < n; j++) out[count++] = keyHash(word, i, j);
  }
  return count;
}

/** Room for the keys of a word of `n` letters (grown on demand: reused, matching allocates nothing). */
let keyScratch = new Int32Array(0);
function keyBuffer(n: number): Int32Array {
  if (keyScratch.length < keyCount(n)) keyScratch = new Int32Array(keyCount(n));
  return keyScratch;
}

function keyCount(n: number): number {
  return 1 + (n >= 3 ? n : 0) + (n >= 5 ? (n * (n - 1)) / 2 : 0);
}

let previousRow = new Int32Array(0);
let currentRow = new Int32Array(0);

/** fuzzystrmatch's levenshtein_less_equal(a, b, 2) where it matters: exact up to 2, else 3. */
function distanceUpToTwo(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  if (previousRow.length <= b.length) {
    previousRow = new Int32Array(b.length + 1);
    currentRow = new Int32Array(b.length + 1);
  }
  let previous = previousRow;
  let current = currentRow;
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowBest = i;
    const letter = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (letter === b.charCodeAt(j - 1) ? 0 : 1);
      const cell = Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution);
      current[j] = cell;
      if (cell < rowBest) rowBest = cell;
    }
    if (rowBest > 2) return 3;
    const swap = previous;
    previous = current;
    current = swap;
  }
  return Math.min(previous[b.length]!, 3);
}

/** translate(a, b, '') = '' and translate(b, a, '') = '': the same set of letters. */
function sameLetters(a: string, b: string): boolean {
  for (let i = 0; i < a.length; i++) if (!b.includes(a[i]!)) return false;
  for (let i = 0; i < b.length; i++) if (!a.includes(b[i]!)) return false;
  return true;
}

/**
 * pg_trgm's distinct trigrams of one ASCII word, padded with two spaces before and one after, as
 * sorted integers (three character codes) in `out`; answers how many.
 */
function writeTrigrams(word: string, out: Int32Array): number {
  const padded = `  ${word} `;
  let count = 0;
  for (let i = 0; i + 3 <= padded.length; i++) {
    out[count++] = (padded.charCodeAt(i) << 16) | (padded.charCodeAt(i + 1) << 8) | padded.charCodeAt(i + 2);
  }
  out.subarray(0, count).sort();
  let distinct = 0;
  for (let i = 0; i < count; i++) if (i === 0 || out[i] !== out[distinct - 1]) out[distinct++] = out[i]!;
  return distinct;
}

let leftTrigrams = new Int32Array(0);
let rightTrigrams = new Int32Array(0);

/** pg_trgm's similarity(a, b): shared trigrams over all distinct ones, as a float4. */
export function trigramSimilarity(a: string, b: string): number {
  const room = Math.max(a.length, b.length) + 1;
  if (leftTrigrams.length < room) {
    leftTrigrams = new Int32Array(room);
    rightTrigrams = new Int32Array(room);
  }
  const left = writeTrigrams(a, leftTrigrams);
  const right = writeTrigrams(b, rightTrigrams);
  let shared = 0;
  for (let i = 0, j = 0; i < left && j < right; ) {
    if (leftTrigrams[i] === rightTrigrams[j]) {
      shared++;
      i++;
      j++;
    } else if (leftTrigrams[i]! < rightTrigrams[j]!) i++;
    else j++;
  }
  // A float4 division of two small integers: rounding the double quotient to float4 gives the
  // same value (double rounding is harmless at 53 ≥ 2 · 24 + 2 bits).
  return Math.fround(shared / (left + right - shared));
}

function isSorted(rows: readonly TokenRow[]): boolean {
  for (let i = 1; i < rows.length; i++) if (!(rows[i - 1]!.token < rows[i]!.token)) return false;
  return true;
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A copy of name_tokens at one generation, with its deletion keys bucketed by hash. */
export class TokenVocabulary {
  private constructor(
    /** name_token_generation when the copy was read (text: a bigint). */
    readonly generation: string,
    /** Sorted in byte order, as the prefix range reads them. */
    private readonly tokens: string[],
    private readonly ids: Int32Array,
    /** Keys of bucket b are at [bucketStart[b], bucketStart[b + 1]). */
    private readonly bucketStart: Int32Array,
    private readonly keyHashes: Int32Array,
    /** Index into `tokens` of each key. */
    private readonly keyTokens: Int32Array,
    private readonly bucketShift: number,
    /**
     * False when the database holds a token no name word can be (not [a-z0-9]+): the copy left it
     * out, so it could miss it as a typo candidate, and answers nothing (the database matches).
     */
    private readonly complete: boolean,
  ) {
    this.seenAt = new Int32Array(tokens.length);
  }

  /** The stamp of the match call that last considered each token. */
  private readonly seenAt: Int32Array;
  /** `${maxTokens} ${word}` → its answer; the oldest forgotten first. */
  private readonly remembered = new Map<string, TokenMatches | null>();
  private stamp = 0;

  private nextStamp(): number {
    if (this.stamp === 0x7fffffff) {
      this.seenAt.fill(0);
      this.stamp = 0;
    }
    return ++this.stamp;
  }

  get size(): number {
    return this.tokens.length;
  }

  /**
   * Builds the copy, yielding to the event loop every few thousand tokens (a million members have
   * about 140,000 distinct name words and 5 million keys: about 0.8 s of work, in slices; the
   * longest pause between two slices measured 100 ms, mostly garbage collection).
   */
  static async build(generation: string, rows: readonly TokenRow[]): Promise<TokenVocabulary> {
    const sorted = rows.filter((r) => TOKEN_CHARACTERS.test(r.token));
    // The database sends them sorted (sorting 140,000 words here would stall requests ~100 ms).
    if (!isSorted(sorted)) sorted.sort((a, b) => (a.token < b.token ? -1 : a.token > b.token ? 1 : 0));
    const tokens = sorted.map((r) => r.token);
    const ids = Int32Array.from(sorted, (r) => r.id);
    let total = 0;
    for (const token of tokens) total += keyCount(token.length);
    // About four keys a bucket: a probe reads a few integers.
    const bits = Math.min(24, Math.max(4, Math.ceil(Math.log2(Math.max(total, 1) / 4))));
    const bucketShift = 32 - bits;
    const hashes = new Int32Array(total);
    const owners = new Int32Array(total);
    const counts = new Int32Array((1 << bits) + 1);
    let at = 0;
    for (let t = 0; t < tokens.length; t++) {
      if (t > 0 && t % TOKENS_PER_SLICE === 0) await yieldToEventLoop();
      const keys = keyBuffer(tokens[t]!.length);
      const count = writeKeys(tokens[t]!, keys);
      for (let k = 0; k < count; k++) {
        hashes[at] = keys[k]!;
        owners[at] = t;
        counts[(keys[k]! >>> bucketShift) + 1]!++;
        at++;
      }
    }
    for (let b = 1; b < counts.length; b++) counts[b]! += counts[b - 1]!;
    const bucketStart = counts.slice();
    const keyHashes = new Int32Array(total);
    const keyTokens = new Int32Array(total);
    for (let k = 0; k < total; k++) {
      if (k > 0 && k % KEYS_PER_SLICE === 0) await yieldToEventLoop();
      const slot = counts[hashes[k]! >>> bucketShift]!++;
      keyHashes[slot] = hashes[k]!;
      keyTokens[slot] = owners[k]!;
    }
    const complete = sorted.length === rows.length;
    return new TokenVocabulary(
      generation,
      tokens,
      ids,
      bucketStart,
      keyHashes,
      keyTokens,
      bucketShift,
      complete,
    );
  }

  /** The first token not below `word`. */
  private lowerBound(word: string): number {
    let low = 0;
    let high = this.tokens.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.tokens[middle]! < word) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /**
   * name_token_matches(word, maxTokens): the word's best tokens with their scores, best first;
   * null for a word no name token can hold, or from an incomplete copy (the caller asks the database).
   */
  match(word: string, maxTokens: number): TokenMatches | null {
    const key = `${maxTokens} ${word}`;
    const known = this.remembered.get(key);
    if (known !== undefined) return known;
    const found = this.matchAnew(word, maxTokens);
    if (this.remembered.size >= REMEMBERED_WORDS) {
      this.remembered.delete(this.remembered.keys().next().value as string);
    }
    this.remembered.set(key, found);
    return found;
  }

  private matchAnew(word: string, maxTokens: number): TokenMatches | null {
    if (!this.complete || !TOKEN_CHARACTERS.test(word)) return null;
    const n = word.length;
    const maxDistance = n >= 5 ? 2 : n >= 3 ? 1 : 0;
    const scored: { index: number; score: number }[] = [];
    // Each candidate once: marked with this call's stamp (matching is synchronous).
    const stamp = this.nextStamp();
    const consider = (index: number) => {
      if (this.seenAt[index] === stamp) return;
      this.seenAt[index] = stamp;
      const score = this.score(this.tokens[index]!, word, maxDistance);
      if (score !== null) scored.push({ index, score });
    };
    // The prefix range: tokens are [a-z0-9], so "< word || '~'" is "starts with word".
    for (let t = this.lowerBound(word); t < this.tokens.length && this.tokens[t]!.startsWith(word); t++) {
      consider(t);
    }
    if (n >= 3) {
      const keys = keyBuffer(n);
      const count = writeKeys(word, keys);
      for (let i = 0; i < count; i++) {
        const hash = keys[i]!;
        const bucket = hash >>> this.bucketShift;
        const end = this.bucketStart[bucket + 1]!;
        for (let k = this.bucketStart[bucket]!; k < end; k++) {
          if (this.keyHashes[k] === hash) consider(this.keyTokens[k]!);
        }
      }
    }
    scored.sort((a, b) => b.score - a.score || (this.tokens[a.index]! < this.tokens[b.index]! ? -1 : 1));
    const kept = scored.slice(0, maxTokens);
    const floor = Math.max(0.45, (kept[0]?.score ?? 0) - 0.3);
    const ids: number[] = [];
    const scores: number[] = [];
    for (const { index, score } of kept) {
      if (score < floor) continue;
      ids.push(this.ids[index]!);
      scores.push(score);
    }
    return { ids, scores };
  }

  /** The SQL function's CASE for one candidate, or null where its WHERE drops it. */
  private score(token: string, word: string, maxDistance: number): number | null {
    if (token === word) return 1;
    if (token.startsWith(word)) return (60 * token.length + 35 * word.length) / (100 * token.length);
    let distance = distanceUpToTwo(token, word);
    // Same letters, same length: two swapped letters count as one slip.
    if (token.length === word.length && sameLetters(token, word)) distance = Math.min(distance, 1);
    if (distance > maxDistance) return null;
    const longer = Math.max(token.length, word.length);
    return 0.85 * Math.max(trigramSimilarity(token, word), 1 - distance / longer);
  }
}
