import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depthReachedBy } from '../../../site/lib/heatmap/scroll-map';
import { demoAccounts } from '../../factories/accounts';
import { heatmap } from '../../factories/heatmap';
import { STAFF_EMAIL, signedIn } from '../../factories/staff';
import { createTestApp, type TestApp, type TestBrowser } from '../../factories/test-app';

/**
 * The scroll map (docs/decisions/0096-heatmaps-that-hold-on-every-screen.md): page views with a
 * known distribution of deepest scrolls are stored; the overlay's "50 % of visitors reached here"
 * line must sit within one percentage point of that distribution's median.
 */
let t: TestApp;
let analytics: TestBrowser;

beforeAll(async () => {
  t = await createTestApp();
  await demoAccounts(t.db, 'analytics');
  analytics = await signedIn(t, STAFF_EMAIL.ANALYTICS);
});
afterAll(() => t?.close());

/** Stores page views of `path` whose depths follow the quantile function `depthAt(u)`, u in (0, 1). */
async function pageViewsWithDepths(path: string, n: number, depthAt: (u: number) => number) {
  const at = new Date(Date.now() - 3_600_000);
  await t.db
    .insertInto('analytics_page_views')
    .values(
      Array.from({ length: n }, (_, i) => ({
        id: randomUUID(),
        session_id: randomUUID(),
        user_id: null,
        path,
        url: path,
        title: null,
        referrer: null,
        utm_source: null,
        utm_medium: null,
        utm_campaign: null,
        utm_term: null,
        utm_content: null,
        started_at: at,
        duration_ms: 1000,
        ended_at: at,
        scroll_depth: Math.round(depthAt((i + 0.5) / n)),
      })),
    )
    .execute();
}

describe('the scroll map', () => {
  it('puts the 50 % line within 1 point of the median of the generated depths', async () => {
    // Most visitors scroll far (depth = 100·√u): the median is 100·√0.5 ≈ 70.7 %.
    await pageViewsWithDepths('/scroll-sqrt', 2000, (u) => 100 * Math.sqrt(u));
    // Most leave near the top (depth = 100·u³): the median is 12.5 %.
    await pageViewsWithDepths('/scroll-cube', 2000, (u) => 100 * u ** 3);
    for (const [path, median] of [
      ['/scroll-sqrt', 100 * Math.sqrt(0.5)],
      ['/scroll-cube', 12.5],
    ] as const) {
      const map = (await heatmap(analytics, { url: path })).data!.scrollMap;
      expect(map.views).toBe(2000);
      expect(map.reached[0]).toBe(100);
      expect(Math.abs(depthReachedBy(map.reached, 50) - median)).toBeLessThanOrEqual(1);
    }
  });

  it('counts only page views that reported a depth, and has no lines without any', async () => {
    await pageViewsWithDepths('/scroll-none', 3, () => 0);
    await t.db
      .updateTable('analytics_page_views')
      .set({ scroll_depth: null })
      .where('path', '=', '/scroll-none')
      .execute();
    const map = (await heatmap(analytics, { url: '/scroll-none' })).data!.scrollMap;
    expect(map).toEqual({ views: 0, reached: new Array(101).fill(0) });
  });
});
