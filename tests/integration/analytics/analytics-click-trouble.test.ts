import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClickTroubleReport } from '../../../api/contract/analytics-reports';
import { utcDay } from '../../../api/contract/day-ranges';
import { demoAccounts } from '../../factories/accounts';
import { heatmap } from '../../factories/heatmap';
import { rest, STAFF_EMAIL, signedIn } from '../../factories/staff';
import { createTestApp, type TestApp, type TestBrowser } from '../../factories/test-app';

/**
 * Rage and dead clicks per element (docs/decisions/0096-heatmaps-that-hold-on-every-screen.md): the
 * analytics screen's top 10 per page, and the heatmap overlay's marks for its page and band.
 */
let t: TestApp;
let analytics: TestBrowser;
let support: TestBrowser;

beforeAll(async () => {
  t = await createTestApp();
  await demoAccounts(t.db, 'analytics', 'support');
  analytics = await signedIn(t, STAFF_EMAIL.ANALYTICS);
  support = await signedIn(t, STAFF_EMAIL.SUPPORT);
});
afterAll(() => t?.close());

async function signals(path: string, selector: string, kind: 'rage' | 'dead', n: number, width = 1280) {
  const at = new Date(Date.now() - 60_000);
  await t.db
    .insertInto('analytics_click_signals')
    .values(
      Array.from({ length: n }, () => ({
        session_id: randomUUID(),
        path,
        selector,
        label: `Label of ${selector}`,
        window_width: width,
        kind,
        created_at: at,
      })),
    )
    .execute();
}

describe('rage and dead clicks', () => {
  it('lists pages by their rage and dead clicks, each with its top 10 elements', async () => {
    // /trouble-a: 12 elements; el-0 has the most. /trouble-b: fewer in all.
    for (let i = 0; i < 12; i++) await signals('/trouble-a', `#el-${i}`, 'dead', 12 - i);
    await signals('/trouble-a', '#el-11', 'rage', 2);
    await signals('/trouble-b', '#only', 'rage', 3);
    const today = utcDay(new Date());
    const { status, json } = await rest(analytics, 'GET', `/analytics-click-trouble/${today}..${today}`);
    expect(status).toBe(200);
    const report = json as ClickTroubleReport;
    expect(report.pages.map((p) => [p.path, p.rage, p.dead])).toEqual([
      ['/trouble-a', 2, 78],
      ['/trouble-b', 3, 0],
    ]);
    const a = report.pages[0]!.elements;
    expect(a).toHaveLength(10);
    expect(a[0]).toEqual({ selector: '#el-0', label: 'Label of #el-0', rage: 0, dead: 12 });
    // Ranked by rage + dead; #el-11 (1 dead + 2 rage) ties #el-9 (3 dead) and comes first by selector.
    expect(a.map((e) => e.selector)).toEqual([...Array.from({ length: 9 }, (_, i) => `#el-${i}`), '#el-11']);
    expect(report.pages[1]!.elements).toEqual([
      { selector: '#only', label: 'Label of #only', rage: 3, dead: 0 },
    ]);
  });

  it('is refused to staff without VIEW_ANALYTICS, and a bad range is a field error', async () => {
    expect((await rest(support, 'GET', '/analytics-click-trouble/2026-01-01..2026-01-31')).status).toBe(403);
    expect((await rest(analytics, 'GET', '/analytics-click-trouble/yesterday')).status).toBe(400);
  });

  it('marks the overlay with the page’s elements in the band it draws', async () => {
    await signals('/trouble-c', '#pay', 'rage', 2, 375);
    await signals('/trouble-c', '#pay', 'dead', 1, 1280);
    const narrow = (await heatmap(analytics, { url: '/trouble-c', band: 'narrow' })).data!;
    expect(narrow.clickTrouble).toEqual([{ selector: '#pay', label: 'Label of #pay', rage: 2, dead: 0 }]);
    const all = (await heatmap(analytics, { url: '/trouble-c' })).data!;
    expect(all.clickTrouble).toEqual([{ selector: '#pay', label: 'Label of #pay', rage: 2, dead: 1 }]);
  });
});
