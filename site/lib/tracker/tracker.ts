import type { Box } from './click-anchor';
import { createClickTracking } from './click-tracking';
import {
  activityPathChanged,
  type Clock,
  createHeartbeat,
  decideStart,
  type ElementLike,
  isTrackedPath,
  type KeyValueStore,
  readLastStart,
  trackingAllowed,
  utmFrom,
  writeLastStart,
} from './rules';

type Utm = ReturnType<typeof utmFrom>;

/** The calls the tracker makes (site/lib/tracker/transport.ts in the browser, a fake in tests). */
export interface TrackerTransport {
  startSession(input: { referrer: string | null; utm: Utm }): Promise<unknown>;
  trackPageView(input: { url: string; title: string; referrer: string | null; utm: Utm }): Promise<{
    pageViewId: string;
  }>;
  endPageView(input: {
    pageViewId: string;
    durationMs: number;
    isExit: boolean;
    scrollDepth: number;
  }): Promise<unknown>;
  /** sendBeacon: fire and forget, survives the page being hidden or unloaded. */
  beaconEnd(input: { pageViewId: string; durationMs: number; scrollDepth: number }): void;
  heartbeat(): Promise<unknown>;
  trackClick(input: {
    url: string;
    selector: string;
    label: string;
    x: number;
    y: number;
    windowWidth: number;
    windowHeight: number;
    isNormalized: true;
    anchorX: number | null;
    anchorY: number | null;
  }): Promise<unknown>;
  logActivity(input: { userId: number; path: string }): Promise<unknown>;
  /** A rage burst or a dead click on a tracked element (site/lib/tracker/click-trouble.ts). */
  trackClickSignal(input: {
    url: string;
    selector: string;
    label: string;
    windowWidth: number;
    kind: 'rage' | 'dead';
  }): Promise<unknown>;
}

export interface TrackerDeps {
  clock: Clock;
  /** sessionStorage, or null where it is unavailable. */
  storage: KeyValueStore | null;
  transport: TrackerTransport;
  privacy: { doNotTrack?: string | null; globalPrivacyControl?: boolean };
  /** The signed-in user from the server render, or null. */
  userId: number | null;
  /** Where failures go: the console, never the page. */
  report?: (message: string, error: unknown) => void;
}

export interface PageLocation {
  path: string;
  url: string;
  search: string;
  title: string;
  referrer: string | null;
}

interface PageView {
  /** Known once trackPageView answers. */
  pageViewId: string | null;
  startedAt: number;
  path: string;
  /** trackPageView's answer (null when it failed). */
  pending: Promise<string | null>;
  /** The deepest scroll seen, percent of the page. */
  scrollDepth: number;
}

export interface ClickInfo {
  /** Page coordinates of the click and the page's full size. */
  pageX: number;
  pageY: number;
  pageWidth: number;
  pageHeight: number;
  windowWidth: number;
  windowHeight: number;
  url: string;
  /** Viewport coordinates of the click and the clicked element's box, for the anchor. */
  clientX: number;
  clientY: number;
  box: Box;
}

/**
 * The page-view lifecycle: a session is started once per page load, each route change ends the
 * prior page view and starts a new one (subject to the 400 ms and 5 s rules), hidden pages send
 * their duration as a beacon, heartbeats run while visible, tracked clicks are sent with their
 * label. Every call is best effort: failures are reported to the console and never thrown.
 */
export function createTracker(deps: TrackerDeps) {
  const { clock, storage, transport } = deps;
  const report = deps.report ?? ((message, error) => console.debug(message, error));
  const enabled = trackingAllowed(deps.privacy);
  const safely = (what: string, call: () => Promise<unknown>) => {
    try {
      call().catch((error: unknown) => report(`tracking: ${what} failed`, error));
    } catch (error) {
      report(`tracking: ${what} failed`, error);
    }
  };

  /** The session call goes first: without a cookie, parallel calls would start several sessions. */
  let ready: Promise<unknown> = Promise.resolve();
  let current: PageView | null = null;
  let beaconSent = false;
  const clicks = createClickTracking({ clock, transport, safely, ready: () => ready });
  const heartbeat = createHeartbeat(clock, () =>
    safely('heartbeat', () => ready.then(() => transport.heartbeat())),
  );

  function endCurrent(isExit: boolean) {
    const view = current;
    current = null;
    if (!view) return;
    const durationMs = Math.max(0, clock.now() - view.startedAt);
    const { scrollDepth } = view;
    safely('endPageView', async () => {
      // The id arrives with trackPageView's answer; a very fast route change waits for it.
      const id = view.pageViewId ?? (await view.pending);
      if (id) await transport.endPageView({ pageViewId: id, durationMs, isExit, scrollDepth });
    });
  }

  function routeChanged(location: PageLocation) {
    if (!enabled || !isTrackedPath(location.path)) {
      endCurrent(false);
      return;
    }
    if (deps.userId !== null && activityPathChanged(storage, location.path)) {
      const userId = deps.userId;
      safely('log-activity', () => ready.then(() => transport.logActivity({ userId, path: location.path })));
    }
    const now = clock.now();
    const decision = decideStart(readLastStart(storage), location.path, now);
    if (decision !== 'start') return;
    endCurrent(false);
    writeLastStart(storage, { path: location.path, at: now });
    const view: PageView = {
      pageViewId: null,
      startedAt: now,
      path: location.path,
      pending: Promise.resolve(null),
      scrollDepth: 0,
    };
    view.pending = ready
      .then(() =>
        transport.trackPageView({
          url: location.url,
          title: location.title,
          referrer: location.referrer,
          utm: utmFrom(location.search),
        }),
      )
      .then(({ pageViewId }) => {
        view.pageViewId = pageViewId;
        return pageViewId;
      })
      .catch((error: unknown) => {
        report('tracking: trackPageView failed', error);
        return null;
      });
    current = view;
    beaconSent = false;
  }

  return {
    enabled,

    /** A page load: start (or resume) the session, then the first page view, then heartbeats. */
    start(location: PageLocation, visible: boolean) {
      if (!enabled) return;
      const startSession = transport
        .startSession({ referrer: location.referrer, utm: utmFrom(location.search) })
        .catch((error: unknown) => report('tracking: getOrStartSession failed', error));
      ready = startSession;
      routeChanged(location);
      heartbeat.start(visible);
    },

    /** History navigation (popstate) or any client-side route change. */
    routeChanged(location: PageLocation) {
      if (!enabled || location.path === current?.path) return;
      routeChanged(location);
    },

    /** Hidden: send how long the page was shown, as a beacon; visible again: heartbeat at once. */
    visibilityChanged(visible: boolean) {
      if (!enabled) return;
      heartbeat.visibilityChanged(visible);
      if (!visible) this.pageHidden();
      else beaconSent = false;
    },

    /** pagehide (leaving the page): the same beacon, once. */
    pageHidden() {
      if (!enabled || beaconSent || !current?.pageViewId) return;
      beaconSent = true;
      const pageViewId = current.pageViewId;
      const durationMs = Math.max(0, clock.now() - current.startedAt);
      try {
        transport.beaconEnd({ pageViewId, durationMs, scrollDepth: current.scrollDepth });
      } catch (error) {
        report('tracking: beacon failed', error);
      }
    },

    /** A click on a tracked element (the island finds it with TRACKED_SELECTOR). */
    clicked(element: ElementLike, click: ClickInfo) {
      if (enabled) clicks.clicked(element, click);
    },

    /** The window was scrolled (or the page loaded) showing down to `depth` % of the page. */
    scrolled(depth: number) {
      if (current && depth > current.scrollDepth) current.scrollDepth = Math.min(100, depth);
    },

    /** The document changed (a mutation seen while a click is being watched). */
    pageChanged() {
      if (enabled) clicks.pageChanged();
    },

    /** A navigation began (beforeunload, hashchange, popstate): the clicks before it were not dead. */
    navigationBegan() {
      if (enabled) clicks.navigationBegan();
    },

    stop() {
      heartbeat.stop();
    },
  };
}

export type Tracker = ReturnType<typeof createTracker>;
