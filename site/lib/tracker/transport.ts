import type { TrackerTransport } from './tracker';

const BEACON_URL = '/api/analytics/beacon-end';

/**
 * One tracking call in tRPC's wire format (docs/product/spec.md §7): `POST /api/doors/trpc/tracking.<name>`
 * with `{"json": input}`, answered with `{"result":{"data":{"json": output}}}` or `{"error": …}`.
 * The server's transformer is superjson, whose envelope for plain JSON (strings, numbers, booleans,
 * null: all the tracker sends) is exactly `{"json": …}` with no `meta`, so no tRPC client and no
 * superjson ship to the browser for it (docs/decisions/0027-javascript-weight.md). `heartbeat` has no input: its body is `{}`.
 *
 * Requests are `keepalive`: a click on a tracked link, or the end of a page view at a route change,
 * is sent just before the page goes away, and an ordinary fetch would be cancelled by the navigation.
 */
async function trackingCall<Output>(name: string, input?: unknown): Promise<Output> {
  const res = await fetch(`/api/doors/trpc/tracking.${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(input === undefined ? {} : { json: input }),
    keepalive: true,
    credentials: 'same-origin',
  });
  const body = (await res.json().catch(() => null)) as { result?: { data?: { json?: Output } } } | null;
  const output = body?.result?.data?.json;
  if (!res.ok || output === undefined) throw new Error(`tracking.${name} answered ${res.status}`);
  return output;
}

/**
 * The browser's tracking calls: tRPC's wire format for tracking.*, sendBeacon for the end of a
 * hidden page (a string body goes as text/plain;charset=UTF-8, which the endpoint accepts), and a
 * keepalive fetch for log-activity.
 */
export const browserTransport: TrackerTransport = {
  startSession: (input) => trackingCall('getOrStartSession', input),
  trackPageView: (input) => trackingCall<{ pageViewId: string }>('trackPageView', input),
  endPageView: (input) => trackingCall('endPageView', input),
  heartbeat: () => trackingCall('heartbeat'),
  trackClick: (input) => trackingCall('trackClick', input),
  trackClickSignal: (input) => trackingCall('trackClickSignal', input),

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
