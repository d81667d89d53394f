/**
 * A search query's words without a round trip to the database: the twin of the SQL function
 * name_search_words (migrations/0003_people.ts), which indexed the names. It only answers for
 * input whose normalization cannot differ between the two (ASCII, and the accented lower-case
 * letters that function folds); anything else returns null and the caller asks the database, so
 * the two can never disagree about a word.
 */

const FOLD_FROM = 'áàâäãåāăąçćčďéèêëēėęěğíìîïīįıľłńñňóòôöõøōőřśšşťúùûüūůűųýÿźżž';
const FOLD_TO = 'aaaaaaaaacccdeeeeeeeegiiiiiiillnnnoooooooorssstuuuuuuuuyyzzz';
const FOLD = new Map([...FOLD_FROM].map((ch, i) => [ch, FOLD_TO[i]!]));
/** Characters whose lower-casing and folding are the same here and in SQL. */
const SAFE = /^[\u0020-\u007e’áàâäãåāăąçćčďéèêëēėęěğíìîïīįıľłńñňóòôöõøōőřśšşťúùûüūůűųýÿźżž]*$/u;

/**
 * Distinct normalized words in the order typed (the last one is the word being typed), or null
 * when the query holds a character only the database may normalize.
 */
export function localQueryWords(query: string): string[] | null {
  if (!SAFE.test(query)) return null;
  const folded = [...query.toLowerCase().replace(/['’]/g, '')].map((ch) => FOLD.get(ch) ?? ch).join('');
  return [...new Set(folded.split(/[^a-z0-9]+/).filter((w) => w !== ''))];
}
