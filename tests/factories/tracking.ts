import type { TestApp } from './test-app';
import { TestBrowser } from './test-app';

/** The client address the analytics tests send from (their app trusts X-Forwarded-For). */
export const TRACKING_IP = '203.0.113.77';

/**
 * Helpers for the analytics ingest tests: a visitor browser, a tRPC call that throws on
 * anything but 200, and a page-view row. There is no flush: an answered event is stored
 * (docs/decisions/0013-ingest-group-commit.md), so tests read the database right after the answer. `app` is read lazily,
 * so the helpers can be made before beforeAll creates the app.
 */
export function trackingHelpers(app: () => TestApp) {
  const visitor = () =>
    new TestBrowser(app(), { 'x-forwarded-for': TRACKING_IP, 'user-agent': 'IngestTest/1.0' });

  async function call<T>(browser: TestBrowser, path: string, input?: unknown): Promise<T> {
    const res = await browser.trpc(path, input);
    const body = (await res.json()) as { result?: { data: { json: T } }; error?: unknown };
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(body)}`);
    return body.result!.data.json;
  }

  const pageView = (id: string) =>
    app().db.selectFrom('analytics_page_views').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  return { visitor, call, pageView };
}
