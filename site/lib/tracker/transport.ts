import { createTRPCClient, httpLink } from '@trpc/client';
import superjson from 'superjson';
import type { AppRouter } from '../../../api/trpc/routers';
import type { TrackerTransport } from './tracker';

const BEACON_URL = '/api/analytics/beacon-end';

/**
 * Tracking calls use their own tRPC client whose requests are `keepalive`: a click on a tracked
 * link, or the end of a page view at a route change, is sent just before the page goes away, and
 * an ordinary fetch would be cancelled by the navigation. Same wire format as site/lib/trpc.ts.
 */
const tracking = createTRPCClient<AppRouter>({
  links: [
    httpLink({
      url: '/api/trpc',
      transformer: superjson,
      methodOverride: 'POST',
      fetch: (input, init) => fetch(input, { ...init, keepalive: true, credentials: 'same-origin' }),
    }),
  ],
}).tracking;

/**
 * The browser's tracking calls: tRPC for tracking.*, sendBeacon for the end of a hidden page (a
 * string body goes as text/plain;charset=UTF-8, which the endpoint accepts), and a keepalive
 * fetch for log-activity.
 */
export const browserTransport: TrackerTransport = {
  startSession: (input) => tracking.getOrStartSession.mutate(input),
  trackPageView: (input) => tracking.trackPageView.mutate(input),
  endPageView: (input) => tracking.endPageView.mutate(input),
  heartbeat: () => tracking.heartbeat.mutate(),
  trackClick: (input) => tracking.trackClick.mutate(input),

  beaconEnd(input) {
    const body = JSON.stringify(input);
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(BEACON_URL, body)) return;
    // No beacon (or its queue is full): a keepalive fetch also outlives the page.
    void fetch(BEACON_URL, { method: 'POST', body, keepalive: true, credentials: 'same-origin' }).catch(
      (error: unknown) => console.debug('tracking: beacon failed', error),
    );
  },

  async logActivity(input) {
    const res = await fetch('/api/log-activity', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(input),
      keepalive: true,
      credentials: 'same-origin',
    });
    if (!res.ok) throw new Error(`log-activity answered ${res.status}`);
  },
};
