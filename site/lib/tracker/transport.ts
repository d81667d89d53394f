import { trpc } from '../trpc';
import type { TrackerTransport } from './tracker';

const BEACON_URL = '/api/analytics/beacon-end';

/**
 * The browser's tracking calls: tRPC for tracking.*, sendBeacon for the end of a hidden page (a
 * string body goes as text/plain;charset=UTF-8, which the endpoint accepts), and a keepalive
 * fetch for log-activity so a navigation does not cancel it.
 */
export const browserTransport: TrackerTransport = {
  startSession: (input) => trpc.tracking.getOrStartSession.mutate(input),
  trackPageView: (input) => trpc.tracking.trackPageView.mutate(input),
  endPageView: (input) => trpc.tracking.endPageView.mutate(input),
  heartbeat: () => trpc.tracking.heartbeat.mutate(),
  trackClick: (input) => trpc.tracking.trackClick.mutate(input),

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
