import { Hono } from 'hono';
import { TrieRouter } from 'hono/router/trie-router';
import { describe, expect, it } from 'vitest';
import { MemoRouter } from './memo-router';

const ROUTES: [string, string][] = [
  ['GET', '/donate/follow-up/:ref'],
  ['GET', '/donate/:slug'],
  ['GET', '/:handle{[a-z0-9][a-z0-9-]{1,38}[a-z0-9]}'],
  ['GET', '/text'],
  ['POST', '/donate/:slug'],
  ['ALL', '*'],
];

function routers(limit: number) {
  const memo = new MemoRouter<string>(limit);
  const trie = new TrieRouter<string>();
  for (const [method, path] of ROUTES) {
    memo.add(method, path, `${method} ${path}`);
    trie.add(method, path, `${method} ${path}`);
  }
  return { memo, trie };
}

describe('MemoRouter', () => {
  it('answers every match as the router it wraps would, first time and again', () => {
    const { memo, trie } = routers(2);
    const requests: [string, string][] = [
      ['GET', '/donate/follow-up/R-1'],
      ['GET', '/donate/rivera'],
      ['POST', '/donate/rivera'],
      ['GET', '/text'],
      ['GET', '/jordan-rivera'],
      ['GET', '/x'],
      ['GET', `/${'a'.repeat(300)}`],
    ];
    // Three rounds with room for two: hits, misses and evictions all answer the same.
    for (let round = 0; round < 3; round++) {
      for (const [method, path] of requests)
        expect(memo.match(method, path)).toEqual(trie.match(method, path));
    }
  });

  it('serves an app whose routes defeat RegExpRouter, with the same parameters', async () => {
    const app = new Hono({ router: new MemoRouter() });
    app.get('/donate/follow-up/:ref', (c) => c.text(`follow-up ${c.req.param('ref')}`));
    app.get('/donate/:slug', (c) => c.text(`give to ${c.req.param('slug')}`));
    for (let i = 0; i < 2; i++) {
      expect(await (await app.request('/donate/follow-up/R-7')).text()).toBe('follow-up R-7');
      expect(await (await app.request('/donate/rivera')).text()).toBe('give to rivera');
      expect(await (await app.request('/donate/ana%20maria')).text()).toBe('give to ana maria');
      expect((await app.request('/nowhere')).status).toBe(404);
    }
  });
});
