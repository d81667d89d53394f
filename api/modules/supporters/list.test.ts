import { describe, expect, it } from 'vitest';
import { walksSortIndex, zipPrefixEnd } from './list';
import { supporterFilter } from './schema';

describe('the supporter list’s filters', () => {
  it('turns a ZIP prefix into the range of every ZIP that starts with it', () => {
    expect(zipPrefixEnd('432')).toBe('433');
    expect(zipPrefixEnd('439')).toBe('44');
    expect(zipPrefixEnd('4')).toBe('5');
    expect(zipPrefixEnd('43215')).toBe('43216');
    expect(zipPrefixEnd('999')).toBeNull();
  });

  it('reads empty fields as no filter, and dollars as cents', () => {
    const blank = supporterFilter.parse({ q: ' ', state: '', gave: '', minGave: '' });
    expect(walksSortIndex(blank, 'gave')).toBe(true);
    expect(supporterFilter.parse({ state: 'oh', minGave: '25.5' })).toEqual({ state: 'OH', minGave: 2550 });
  });

  it('walks the sort’s index only where the page is found near its start', () => {
    const f = (raw: Record<string, string>) => supporterFilter.parse(raw);
    expect(walksSortIndex(f({ state: 'OH', gave: 'yes' }), 'name')).toBe(true);
    expect(walksSortIndex(f({ gave: 'no' }), 'gave')).toBe(true);
    expect(walksSortIndex(f({ follows: 'yes' }), 'gave')).toBe(false);
    expect(walksSortIndex(f({ q: 'smith' }), 'name')).toBe(false);
    expect(walksSortIndex(f({ tag: '3' }), 'connected')).toBe(false);
  });

  it('refuses what is not a filter with a field error', () => {
    const result = supporterFilter.safeParse({ zip: '4321a', firstFrom: '2026-02-30', gave: 'maybe' });
    expect(result.success).toBe(false);
    const fields = result.error?.issues.map((i) => i.path.join('.')).sort();
    expect(fields).toEqual(['firstFrom', 'gave', 'zip']);
  });
});
