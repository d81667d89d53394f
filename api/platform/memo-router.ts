import type { Result, Router } from 'hono/router';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { SmartRouter } from 'hono/router/smart-router';
import { TrieRouter } from 'hono/router/trie-router';

/** Paths longer than this are matched every time: they are rare, and would make long keys. */
const MAX_PATH_LENGTH = 200;

/**
 * Hono's default router (RegExpRouter, or TrieRouter when a route defeats it) with each
 * method and path's match kept, at most `limit` of them, the oldest dropped first. Our routes
 * defeat RegExpRouter (a static segment beside a parameter, as in `/donate/follow-up/:ref` and
 * `/donate/:slug`, and the vanity `/:handle`; docs/product/spec.md's URLs are requirements), and TrieRouter
 * walks its tree for every request: several microseconds, a noticeable share of a plain
 * route's cost (issue 17). The routes are fixed once the first request is matched (Hono
 * refuses a route added later), so a kept match is the match; Hono only reads it.
 */
export class MemoRouter<T> implements Router<T> {
  readonly name = 'MemoRouter';
  readonly #inner: Router<T>;
  readonly #limit: number;
  readonly #matches = new Map<string, Result<T>>();

  constructor(
    limit = 2_000,
    inner: Router<T> = new SmartRouter({ routers: [new RegExpRouter(), new TrieRouter()] }),
  ) {
    this.#limit = limit;
    this.#inner = inner;
  }

  add(method: string, path: string, handler: T): void {
    this.#matches.clear();
    this.#inner.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    if (path.length > MAX_PATH_LENGTH) return this.#inner.match(method, path);
    const key = `${method} ${path}`;
    let result = this.#matches.get(key);
    if (result === undefined) {
      result = this.#inner.match(method, path);
      if (this.#matches.size >= this.#limit)
        this.#matches.delete(this.#matches.keys().next().value as string);
      this.#matches.set(key, result);
    }
    return result;
  }
}
