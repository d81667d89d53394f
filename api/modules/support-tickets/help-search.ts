import { HELP_ARTICLES, type HelpArticle } from './help-articles';

/** Longest query we read: a search box, not a document. */
export const HELP_QUERY_MAX = 100;

const words = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9$]+/)
    .filter((w) => w.length > 1);

interface Indexed {
  article: HelpArticle;
  title: string[];
  keywords: string[];
  body: string[];
}

const INDEX: readonly Indexed[] = HELP_ARTICLES.map((article) => ({
  article,
  title: words(article.title),
  keywords: article.keywords.flatMap(words),
  body: article.paragraphs.flatMap(words),
}));

/** A query word matches a text word it begins ("ship" finds "shipping"); plurals meet singulars. */
const matches = (query: string, list: string[]) =>
  list.some((w) => w.startsWith(query) || (query.endsWith('s') && w === query.slice(0, -1)));

/**
 * Keyword search over the articles, on the server so it works without JavaScript: every query
 * word must match the article somewhere; title matches weigh most, then keywords, then text.
 * Twelve short articles: a scan is microseconds, no index table needed.
 */
export function searchHelpArticles(query: string): HelpArticle[] {
  const terms = [...new Set(words(query.slice(0, HELP_QUERY_MAX)))];
  if (terms.length === 0) return [];
  const scored: { article: HelpArticle; score: number }[] = [];
  for (const entry of INDEX) {
    let score = 0;
    for (const term of terms) {
      const hit =
        (matches(term, entry.title) ? 3 : 0) +
        (matches(term, entry.keywords) ? 2 : 0) +
        (matches(term, entry.body) ? 1 : 0);
      if (hit === 0) {
        score = 0;
        break;
      }
      score += hit;
    }
    if (score > 0) scored.push({ article: entry.article, score });
  }
  return scored.sort((a, b) => b.score - a.score).map((s) => s.article);
}
