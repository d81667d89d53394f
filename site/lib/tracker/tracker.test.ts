import { describe, expect, it, vi } from 'vitest';
import { FakeClock, memoryStore } from './fake-clock';
import type { ElementLike, KeyValueStore } from './rules';
import { createTracker, type PageLocation, type TrackerTransport } from './tracker';

/**
 * The page-view lifecycle with a fake clock, a fake transport and an in-memory sessionStorage
 * shared between "page loads" (one tracker per load, as on the real site).
 */
function fakeTransport() {
  let n = 0;
  const transport = {
    startSession: vi.fn(async () => ({ isNew: true })),
    trackPageView: vi.fn(async (_input: Parameters<TrackerTransport['trackPageView']>[0]) => ({
      pageViewId: `pv-${++n}`,
    })),
    endPageView: vi.fn(async () => ({ ok: true })),
    beaconEnd: vi.fn(),
    heartbeat: vi.fn(async () => ({ ok: true })),
    trackClick: vi.fn(async () => ({ ok: true })),
    trackClickSignal: vi.fn(async (_input: Parameters<TrackerTransport['trackClickSignal']>[0]) => ({
      ok: true,
    })),
    logActivity: vi.fn(async (_input: Parameters<TrackerTransport['logActivity']>[0]) => undefined),
  } satisfies TrackerTransport;
  return transport;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const at = (path: string, search = ''): PageLocation => ({
  path,
  url: `http://localhost:3000${path}${search}`,
  search,
  title: `Title of ${path}`,
  referrer: null,
});

function setup(
  options: { privacy?: { doNotTrack?: string; globalPrivacyControl?: boolean }; userId?: number | null } = {},
) {
  const clock = new FakeClock();
  const storage = memoryStore();
  const transport = fakeTransport();
  const report = vi.fn();
  const load = (store: KeyValueStore = storage) =>
    createTracker({
      clock,
      storage: store,
      transport,
      privacy: options.privacy ?? {},
      userId: options.userId ?? null,
      report,
    });
  return { clock, storage, transport, report, load };
}

describe('the tracker', () => {
  it('starts the session, then the page view, with UTM from the landing URL', async () => {
    const { transport, load } = setup();
    load().start(at('/about', '?utm_source=news&utm_campaign=fall'), true);
    await settle();
    expect(transport.startSession).toHaveBeenCalledTimes(1);
    expect(transport.startSession.mock.invocationCallOrder[0]!).toBeLessThan(
      transport.trackPageView.mock.invocationCallOrder[0]!,
    );
    expect(transport.trackPageView).toHaveBeenCalledWith({
      url: 'http://localhost:3000/about?utm_source=news&utm_campaign=fall',
      title: 'Title of /about',
      referrer: null,
      utm: { source: 'news', medium: null, campaign: 'fall', term: null, content: null },
    });
  });

  it('ends the prior page view with its duration on a route change and starts the next', async () => {
    const { clock, transport, load } = setup();
    const tracker = load();
    tracker.start(at('/about'), true);
    await settle();
    // The deepest scroll of the page view goes with its end; scrolling back up does not lower it.
    tracker.scrolled(40);
    tracker.scrolled(85);
    tracker.scrolled(20);
    clock.advance(7_000);
    tracker.routeChanged(at('/faq'));
    await settle();
    expect(transport.endPageView).toHaveBeenCalledWith({
      pageViewId: 'pv-1',
      durationMs: 7_000,
      isExit: false,
      scrollDepth: 85,
    });
    expect(transport.trackPageView).toHaveBeenCalledTimes(2);
    expect(transport.trackPageView.mock.calls[1]![0]).toMatchObject({ url: 'http://localhost:3000/faq' });
  });

  it('skips a start within 400 ms of the previous one, even across page loads', async () => {
    const { clock, transport, load } = setup();
    load().start(at('/about'), true);
    clock.advance(399);
    load().start(at('/faq'), true);
    await settle();
    expect(transport.trackPageView).toHaveBeenCalledTimes(1);
    clock.advance(1);
    load().start(at('/faq'), true);
    await settle();
    expect(transport.trackPageView).toHaveBeenCalledTimes(2);
  });

  it('suppresses a duplicate start of the same path within 5 s (a reload), not after', async () => {
    const { clock, transport, load } = setup();
    load().start(at('/about'), true);
    clock.advance(4_999);
    load().start(at('/about'), true);
    await settle();
    expect(transport.trackPageView).toHaveBeenCalledTimes(1);
    clock.advance(1);
    load().start(at('/about'), true);
    await settle();
    expect(transport.trackPageView).toHaveBeenCalledTimes(2);
  });

  it('sends the duration as a beacon when the page is hidden, once until shown again', async () => {
    const { clock, transport, load } = setup();
    const tracker = load();
    tracker.start(at('/about'), true);
    await settle();
    clock.advance(3_000);
    tracker.visibilityChanged(false);
    tracker.pageHidden();
    expect(transport.beaconEnd).toHaveBeenCalledTimes(1);
    expect(transport.beaconEnd).toHaveBeenCalledWith({
      pageViewId: 'pv-1',
      durationMs: 3_000,
      scrollDepth: 0,
    });
    tracker.visibilityChanged(true);
    tracker.scrolled(60);
    clock.advance(2_000);
    tracker.pageHidden();
    expect(transport.beaconEnd).toHaveBeenLastCalledWith({
      pageViewId: 'pv-1',
      durationMs: 5_000,
      scrollDepth: 60,
    });
  });

  it('heartbeats every 60 s while visible and at once when shown again', async () => {
    const { clock, transport, load } = setup();
    const tracker = load();
    tracker.start(at('/about'), true);
    clock.advance(60_000);
    await settle();
    expect(transport.heartbeat).toHaveBeenCalledTimes(1);
    tracker.visibilityChanged(false);
    clock.advance(300_000);
    await settle();
    expect(transport.heartbeat).toHaveBeenCalledTimes(1);
    tracker.visibilityChanged(true);
    await settle();
    expect(transport.heartbeat).toHaveBeenCalledTimes(2);
    tracker.stop();
  });

  it("does nothing at all with Do-Not-Track '1' or Global Privacy Control", async () => {
    for (const privacy of [{ doNotTrack: '1' }, { globalPrivacyControl: true }]) {
      const { clock, transport, load } = setup({ privacy, userId: 7 });
      const tracker = load();
      expect(tracker.enabled).toBe(false);
      tracker.start(at('/about'), true);
      tracker.clicked(button('Donate'), clickAt());
      tracker.visibilityChanged(false);
      tracker.visibilityChanged(true);
      clock.advance(600_000);
      await settle();
      for (const call of Object.values(transport)) expect(call).not.toHaveBeenCalled();
    }
  });

  it('does not start page views on admin paths', async () => {
    const { transport, load } = setup();
    load().start(at('/admin/analytics'), true);
    await settle();
    expect(transport.trackPageView).not.toHaveBeenCalled();
  });

  it('logs activity on each path change for signed-in users only', async () => {
    const member = setup({ userId: 42 });
    const tracker = member.load();
    tracker.start(at('/about'), true);
    member.clock.advance(1_000);
    tracker.routeChanged(at('/faq'));
    member.clock.advance(10_000);
    member.load().start(at('/faq'), true); // a reload: same path, no new activity
    await settle();
    expect(member.transport.logActivity.mock.calls.map((c) => c[0])).toEqual([
      { userId: 42, path: '/about' },
      { userId: 42, path: '/faq' },
    ]);

    const visitor = setup();
    visitor.load().start(at('/about'), true);
    await settle();
    expect(visitor.transport.logActivity).not.toHaveBeenCalled();
  });

  it('reports a burst of three clicks as one rage click, and a click that changed nothing as dead', async () => {
    const { transport, load, clock } = setup();
    const tracker = load();
    tracker.start(at('/merchandise'), true);
    const broken = button('Apply coupon');
    for (let i = 0; i < 4; i++) {
      tracker.clicked(broken, clickAt());
      clock.advance(150);
    }
    await settle();
    expect(transport.trackClickSignal.mock.calls.map(([input]) => input.kind)).toEqual(['rage']);
    expect(transport.trackClickSignal).toHaveBeenCalledWith({
      url: 'http://localhost:3000/merchandise',
      selector: 'button',
      label: 'Apply coupon',
      windowWidth: 1280,
      kind: 'rage',
    });
    clock.advance(1000);
    await settle();
    // Nothing changed after any of the four: each is a dead click.
    expect(transport.trackClickSignal.mock.calls.map(([input]) => input.kind)).toEqual([
      'rage',
      'dead',
      'dead',
      'dead',
      'dead',
    ]);

    // A click the page answered (a mutation), or one that began a navigation, is not dead.
    transport.trackClickSignal.mockClear();
    clock.advance(5000);
    tracker.clicked(button('Add to cart'), clickAt());
    clock.advance(300);
    tracker.pageChanged();
    clock.advance(5000);
    tracker.clicked(button('Next page'), clickAt());
    tracker.navigationBegan();
    clock.advance(5000);
    await settle();
    expect(transport.trackClickSignal).not.toHaveBeenCalled();
  });

  it('sends tracked clicks with label, selector and page-relative percentages', async () => {
    const { transport, load } = setup();
    const tracker = load();
    tracker.start(at('/merchandise'), true);
    tracker.clicked(button('Add to cart'), clickAt());
    await settle();
    expect(transport.trackClick).toHaveBeenCalledWith({
      url: 'http://localhost:3000/merchandise',
      selector: 'button',
      label: 'Add to cart',
      x: 25,
      y: 10,
      windowWidth: 1280,
      windowHeight: 800,
      isNormalized: true,
      anchorX: 0.25,
      anchorY: 0.5,
    });
  });

  it('keeps failures in the console: a failing server never throws into the page', async () => {
    const { clock, transport, report, load } = setup({ userId: 3 });
    const boom = () => Promise.reject(new Error('429'));
    transport.startSession.mockImplementation(boom);
    transport.trackPageView.mockImplementation(boom);
    transport.trackClick.mockImplementation(boom);
    transport.logActivity.mockImplementation(boom);
    transport.beaconEnd.mockImplementation(() => {
      throw new Error('no beacon');
    });
    const tracker = load();
    expect(() => {
      tracker.start(at('/about'), true);
      tracker.clicked(button('Donate'), clickAt());
      clock.advance(1_000);
      tracker.routeChanged(at('/faq'));
      tracker.visibilityChanged(false);
    }).not.toThrow();
    await settle();
    await settle();
    expect(report).toHaveBeenCalled();
    expect(transport.endPageView).not.toHaveBeenCalled(); // no id to end
  });
});

function button(text: string): ElementLike {
  return {
    tagName: 'BUTTON',
    id: '',
    textContent: text,
    parentElement: null,
    children: [],
    getAttribute: () => null,
  };
}

function clickAt() {
  return {
    pageX: 320,
    pageY: 240,
    pageWidth: 1280,
    pageHeight: 2400,
    windowWidth: 1280,
    windowHeight: 800,
    url: 'http://localhost:3000/merchandise',
    // The button's box in the viewport: the click is a quarter across and at its middle.
    clientX: 320,
    clientY: 140,
    box: { left: 300, top: 120, width: 80, height: 40 },
  };
}
