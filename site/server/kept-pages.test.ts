import { describe, expect, it } from 'vitest';
import { KeptPages } from './kept-pages';

const page = (sources: object[], bytes: number) => ({
  sources,
  body: new Uint8Array(bytes),
  status: 200,
  compressed: {},
});

describe('KeptPages', () => {
  it('answers a page only while every source it was made from is current', () => {
    const pages = new KeptPages(1_000);
    const answer = {};
    const lists = {};
    pages.set('/search?q=a', page([answer, lists], 10));
    expect(pages.get('/search?q=a', [answer, lists])).toBeDefined();
    expect(pages.get('/search?q=a', [{}, lists])).toBeUndefined();
    expect(pages.get('/search?q=a', [answer, {}])).toBeUndefined();
    expect(pages.get('/search?q=b', [answer, lists])).toBeUndefined();
  });

  it('drops the least recently used pages once past its bytes, and replaces a URL in place', () => {
    const pages = new KeptPages(100);
    const s = [{}];
    pages.set('a', page(s, 40));
    pages.set('b', page(s, 40));
    expect(pages.get('a', s)).toBeDefined(); // now b is the oldest
    pages.set('c', page(s, 40));
    expect(pages.get('b', s)).toBeUndefined();
    expect(pages.get('a', s)).toBeDefined();
    expect(pages.get('c', s)).toBeDefined();
    pages.set('c', page(s, 20));
    expect(pages.bytes).toBe(60);
    pages.set('huge', page(s, 101));
    expect(pages.get('huge', s)).toBeUndefined();
    expect(pages.bytes).toBe(60);
  });
});
