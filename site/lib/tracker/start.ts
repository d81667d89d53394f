import { scrollDepthPercent } from './click-anchor';
import { DEAD_AFTER_MS } from './click-trouble';
import { systemClock, TRACKED_SELECTOR } from './rules';
import { createTracker, type PageLocation } from './tracker';
import { browserTransport } from './transport';

/**
 * Binds the tracker to the page: page views, their durations, heartbeats, tracked clicks and, for
 * signed-in users, activity. Plain DOM, no React (docs/decisions/0027-javascript-weight.md): it is on every page, and a
 * component that renders nothing needs no renderer. Any failure stays in the console; the page
 * never notices. Returns the function that stops it (tests, and a page that unmounts it).
 */
export function startTracking(userId: number | null): () => void {
  let tracker: ReturnType<typeof createTracker>;
  try {
    tracker = createTracker({
      clock: systemClock,
      storage: sessionStorageOrNull(),
      transport: browserTransport,
      privacy: {
        doNotTrack: navigator.doNotTrack,
        globalPrivacyControl: (navigator as Navigator & { globalPrivacyControl?: boolean })
          .globalPrivacyControl,
      },
      userId,
    });
    if (!tracker.enabled) return () => {};
    tracker.start(here(), document.visibilityState === 'visible');
  } catch (error) {
    console.debug('tracking: could not start', error);
    return () => {};
  }

  // Watches the document only in the second after a tracked click (dead clicks, click-trouble.ts):
  // observing every mutation of a busy page all the time would cost for nothing.
  const changes = new MutationObserver(() => tracker.pageChanged());
  let watchTimer: number | undefined;
  const watchChanges = () => {
    changes.observe(document.documentElement, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
    window.clearTimeout(watchTimer);
    watchTimer = window.setTimeout(() => changes.disconnect(), DEAD_AFTER_MS + 100);
  };
  const onNavigation = () => tracker.navigationBegan();
  // The deepest scroll, measured at most once a frame.
  let scrollFrame = 0;
  const measureScroll = () => {
    scrollFrame = 0;
    const root = document.documentElement;
    tracker.scrolled(
      scrollDepthPercent({
        scrollY: window.scrollY,
        viewportHeight: window.innerHeight,
        pageHeight: Math.max(root.scrollHeight, root.clientHeight),
      }),
    );
  };
  const onScroll = () => {
    if (scrollFrame === 0) scrollFrame = window.requestAnimationFrame(measureScroll);
  };
  measureScroll();
  const onVisibility = () => tracker.visibilityChanged(document.visibilityState === 'visible');
  const onPageHide = () => tracker.pageHidden();
  const onPopState = () => {
    tracker.navigationBegan();
    tracker.routeChanged(here());
  };
  const onClick = (event: MouseEvent) => {
    // A click a script made (an island replaying the one that woke it, site/lib/hydrate-on-first-use.ts)
    // is not a person's: the person's own click was counted when it happened.
    if (!event.isTrusted) return;
    const target = event.target instanceof Element ? event.target.closest(TRACKED_SELECTOR) : null;
    if (!target) return;
    const root = document.documentElement;
    watchChanges();
    tracker.clicked(target, {
      pageX: event.pageX,
      pageY: event.pageY,
      pageWidth: Math.max(root.scrollWidth, root.clientWidth),
      pageHeight: Math.max(root.scrollHeight, root.clientHeight),
      windowWidth: window.innerWidth,
      windowHeight: window.innerHeight,
      url: location.href,
      clientX: event.clientX,
      clientY: event.clientY,
      box: target.getBoundingClientRect(),
    });
  };
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('pagehide', onPageHide);
  window.addEventListener('popstate', onPopState);
  // Capture: a tracked link that navigates, or a handler that stops propagation, still counts.
  document.addEventListener('click', onClick, { capture: true });
  window.addEventListener('beforeunload', onNavigation);
  window.addEventListener('hashchange', onNavigation);
  window.addEventListener('scroll', onScroll, { passive: true });
  return () => {
    window.removeEventListener('scroll', onScroll);
    window.cancelAnimationFrame(scrollFrame);
    changes.disconnect();
    window.clearTimeout(watchTimer);
    window.removeEventListener('beforeunload', onNavigation);
    window.removeEventListener('hashchange', onNavigation);
    tracker.stop();
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('pagehide', onPageHide);
    window.removeEventListener('popstate', onPopState);
    document.removeEventListener('click', onClick, { capture: true });
  };
}

function here(): PageLocation {
  return {
    path: location.pathname,
    url: location.href,
    search: location.search,
    title: document.title,
    referrer: document.referrer || null,
  };
}

function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // blocked by privacy settings
  }
}
