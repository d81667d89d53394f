import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../factories/test-app';
import { trackingHelpers } from '../../factories/tracking';

/**
 * What the tracker sends for heatmaps that hold on every screen
 * (docs/decisions/0096-heatmaps-that-hold-on-every-screen.md): each click's band and anchor, the
 * page view's deepest scroll (end and beacon), and rage and dead clicks. Nothing of it names a person.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

const { visitor, call, pageView } = trackingHelpers(() => t);

const click = {
  url: '/hm-ingest',
  selector: '#donate',
  label: 'Donate',
  x: 50,
  y: 10,
  windowWidth: 375,
  windowHeight: 740,
  isNormalized: true,
};

describe('clicks for the heatmap', () => {
  it('store the band of the window they were made in and where in the element they landed', async () => {
    const b = visitor();
    await call(b, 'tracking.trackClick', { ...click, anchorX: 0.25, anchorY: 0.75 });
    await call(b, 'tracking.trackClick', { ...click, windowWidth: 1024 });
    await call(b, 'tracking.trackClick', { ...click, windowWidth: 1280 });
    const rows = await t.db
      .selectFrom('analytics_clicks')
      .select(['band', 'anchor_x', 'anchor_y'])
      .where('path', '=', '/hm-ingest')
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { band: 'narrow', anchor_x: 0.25, anchor_y: 0.75 },
      // Older trackers send no anchor: the click is kept, page-relative only.
      { band: 'medium', anchor_x: null, anchor_y: null },
      { band: 'wide', anchor_x: null, anchor_y: null },
    ]);
  });

  it('refuse an anchor outside the element with a field error', async () => {
    const res = await visitor().trpc('tracking.trackClick', { ...click, anchorX: 1.5, anchorY: -0.1 });
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(text).toContain('anchorX');
    expect(text).toContain('anchorY');
  });
});

describe('scroll depth', () => {
  it('keeps the deepest scroll a page view reported, from its end or its beacon', async () => {
    const b = visitor();
    const { pageViewId } = await call<{ pageViewId: string }>(b, 'tracking.trackPageView', {
      url: '/hm-scroll',
    });
    await call(b, 'tracking.endPageView', { pageViewId, durationMs: 1000, scrollDepth: 62.4 });
    expect(await pageView(pageViewId)).toMatchObject({ scroll_depth: 62 });
    // The beacon of a tab hidden after scrolling back up does not make the page view shallower.
    const res = await b.request('/api/analytics/beacon-end', {
      method: 'POST',
      body: JSON.stringify({ pageViewId, durationMs: 2000, scrollDepth: 30 }),
    });
    expect(res.status).toBe(204);
    expect(await pageView(pageViewId)).toMatchObject({ scroll_depth: 62, duration_ms: 2000 });
    await b.request('/api/analytics/beacon-end', {
      method: 'POST',
      body: JSON.stringify({ pageViewId, durationMs: 3000, scrollDepth: 100 }),
    });
    expect(await pageView(pageViewId)).toMatchObject({ scroll_depth: 100 });
    // An end without a depth (an older tracker) keeps the one recorded.
    await call(b, 'tracking.endPageView', { pageViewId, durationMs: 4000 });
    expect(await pageView(pageViewId)).toMatchObject({ scroll_depth: 100 });
  });

  it('refuses a depth that is not a percentage', async () => {
    const b = visitor();
    const { pageViewId } = await call<{ pageViewId: string }>(b, 'tracking.trackPageView', {
      url: '/hm-scroll',
    });
    const res = await b.trpc('tracking.endPageView', { pageViewId, durationMs: 1, scrollDepth: 101 });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Scroll depth is a percentage.');
  });
});

describe('rage and dead clicks', () => {
  it('are stored per element with the band, and nothing else is accepted as a kind', async () => {
    const b = visitor();
    const signal = { url: '/hm-signals?x=1', selector: '#broken', label: 'Broken', windowWidth: 800 };
    await call(b, 'tracking.trackClickSignal', { ...signal, kind: 'rage' });
    await call(b, 'tracking.trackClickSignal', { ...signal, kind: 'dead' });
    expect((await b.trpc('tracking.trackClickSignal', { ...signal, kind: 'slow' })).status).toBe(400);
    const rows = await t.db
      .selectFrom('analytics_click_signals')
      .select(['path', 'selector', 'label', 'band', 'kind'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { path: '/hm-signals', selector: '#broken', label: 'Broken', band: 'medium', kind: 'rage' },
      { path: '/hm-signals', selector: '#broken', label: 'Broken', band: 'medium', kind: 'dead' },
    ]);
  });
});
