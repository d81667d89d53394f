import { describe, expect, it } from 'vitest';
import { HELP_ARTICLES, HELP_SECTIONS } from './help-articles';
import { searchHelpArticles } from './help-search';

const slugs = (query: string) => searchHelpArticles(query).map((a) => a.slug);

describe('help article search', () => {
  it('finds articles by a word of their title, keywords or text, best match first', () => {
    expect(slugs('refund')[0]).toBe('returns-and-refunds');
    expect(slugs('forgot password')).toEqual(['cannot-sign-in']);
    expect(slugs('password')).toEqual(['change-account-details', 'cannot-sign-in']);
    expect(slugs('receipt')).toContain('donation-receipts-and-monthly-gifts');
  });

  it('matches the start of a word and ignores case and accents', () => {
    expect(slugs('SHIP')).toContain('shipping-costs-and-times');
    expect(slugs('Prívacy')).toContain('privacy-and-your-data');
  });

  it('needs every word of the query to match', () => {
    expect(slugs('donation limit')).toContain('donation-limits');
    expect(slugs('donation zeppelin')).toEqual([]);
  });

  it('answers nothing for an empty or punctuation-only query', () => {
    expect(slugs('')).toEqual([]);
    expect(slugs('  ?! ')).toEqual([]);
  });

  it('keeps a dozen articles across every section, each with a unique slug', () => {
    expect(HELP_ARTICLES.length).toBeGreaterThanOrEqual(12);
    expect(new Set(HELP_ARTICLES.map((a) => a.slug)).size).toBe(HELP_ARTICLES.length);
    for (const section of HELP_SECTIONS) expect(HELP_ARTICLES.some((a) => a.section === section)).toBe(true);
  });
});
