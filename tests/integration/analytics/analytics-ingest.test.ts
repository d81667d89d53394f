import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../api/seed/demo-accounts';
import { demoAccounts } from '../../factories/accounts';
import { createTestApp, type TestApp } from '../../factories/test-app';
import { TRACKING_IP, trackingHelpers } from '../../factories/tracking';

/**
 * Tracking ingest through the real app (docs/decisions/0011-analytics-ingest.md, 0013): tracking.* over tRPC writes the rows the
 * heatmap and reports read; sessions are per-cookie and private to their owner; no IP is stored.
 * The sendBeacon and activity endpoints, shutdown and retention: analytics-ingest-endpoints.test.ts.
 */
const IP = TRACKING_IP;
let t: TestApp;

beforeAll(async () => {
  // TRUST_PROXY so the tests choose the client address (and can prove it is not stored).
  t = await createTestApp({ TRUST_PROXY: 'true' });
  await demoAccounts(t.db, 'member');
});
afterAll(() => t.close());

const { visitor, call, pageView } = trackingHelpers(() => t);

const UTM = { source: 'newsletter', medium: 'email', campaign: 'fall-drive', term: 'votes', content: 'hero' };

describe('tracking sessions', () => {
  it('start with an HttpOnly SameSite=Lax first-party cookie holding a UUID, and keep no IP', async () => {
    const b = visitor();
    const res = await b.trpc('tracking.getOrStartSession', {
      referrer: 'https://news.example/story',
      utm: UTM,
    });
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('hq_analytics='));
    expect(cookie).toMatch(/^hq_analytics=[0-9a-f-]{36};/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    const id = /hq_analytics=([0-9a-f-]{36})/.exec(cookie!)![1]!;
    expect(((await res.json()) as { result: { data: { json: unknown } } }).result.data.json).toEqual({
      isNew: true,
    });

    // The same cookie is the same session.
    expect(await call(b, 'tracking.getOrStartSession', {})).toEqual({ isNew: false });
    const rows = await t.db.selectFrom('analytics_sessions').selectAll().where('id', '=', id).execute();
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({
      referrer: 'https://news.example/story',
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'fall-drive',
      utm_term: 'votes',
      utm_content: 'hero',
      user_id: null,
    });
    const day = new Date(row.started_at).toISOString().slice(0, 10);
    const expected = createHmac('sha256', t.config.appSecret)
      .update(`${day}\n${IP}\nIngestTest/1.0`)
      .digest('hex');
    expect(row.visitor_hash).toBe(expected);
    expect(JSON.stringify(rows)).not.toContain(IP);
  });
});

describe('page views', () => {
  it('store the path without query or fragment, the title, referrer and UTM', async () => {
    const b = visitor();
    const { pageViewId } = await call<{ pageViewId: string }>(b, 'tracking.trackPageView', {
      url: 'http://localhost:3000/about?utm_source=newsletter#team',
      title: 'About · Campaign HQ',
      referrer: 'https://search.example/',
      utm: UTM,
    });
    expect(pageViewId).toMatch(/^[0-9a-f-]{36}$/);
    const row = await pageView(pageViewId);
    expect(row).toMatchObject({
      path: '/about',
      url: 'http://localhost:3000/about?utm_source=newsletter#team',
      title: 'About · Campaign HQ',
      referrer: 'https://search.example/',
      utm_source: 'newsletter',
      utm_campaign: 'fall-drive',
      utm_content: 'hero',
      user_id: null,
      duration_ms: null,
      is_exit: false,
    });
    // The page view started a session for a browser that had none.
    const session = await t.db
      .selectFrom('analytics_sessions')
      .select('id')
      .where('id', '=', row.session_id)
      .executeTakeFirst();
    expect(session).toBeDefined();
  });

  it('endPageView sets the duration, end time and exit flag', async () => {
    const b = visitor();
    const { pageViewId } = await call<{ pageViewId: string }>(b, 'tracking.trackPageView', { url: '/faq' });
    await call(b, 'tracking.endPageView', { pageViewId, durationMs: 12_345.6, isExit: true });
    const row = await pageView(pageViewId);
    expect(row.duration_ms).toBe(12_346);
    expect(row.is_exit).toBe(true);
    expect(row.ended_at).not.toBeNull();
  });

  it('another session cannot end your page view', async () => {
    const owner = visitor();
    const stranger = visitor();
    const { pageViewId } = await call<{ pageViewId: string }>(owner, 'tracking.trackPageView', {
      url: '/press',
    });
    await call(stranger, 'tracking.getOrStartSession', {});
    // The answer is the same as for one's own page view: it reveals nothing.
    expect(
      await call(stranger, 'tracking.endPageView', { pageViewId, durationMs: 999, isExit: true }),
    ).toEqual({
      ok: true,
    });
    const row = await pageView(pageViewId);
    expect(row.duration_ms).toBeNull();
    expect(row.is_exit).toBe(false);
  });

  it('a page view followed by another of its session is not an exit, whatever its beacon said', async () => {
    const b = visitor();
    const first = await call<{ pageViewId: string }>(b, 'tracking.trackPageView', { url: '/membership' });
    const beacon = await b.request('/api/analytics/beacon-end', {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify({ pageViewId: first.pageViewId, durationMs: 4000 }),
    });
    expect(beacon.status).toBe(204);
    expect((await pageView(first.pageViewId)).is_exit).toBe(true);

    const second = await call<{ pageViewId: string }>(b, 'tracking.trackPageView', { url: '/merchandise' });
    expect(await pageView(first.pageViewId)).toMatchObject({ is_exit: false, duration_ms: 4000 });
    expect((await pageView(second.pageViewId)).is_exit).toBe(false);
  });

  it('signed-in members get their user id on the page view and the session', async () => {
    const b = visitor();
    expect((await b.signIn('member@demo.campaignhq.test', DEMO_PASSWORD)).status).toBe(200);
    const me = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'member@demo.campaignhq.test')
      .executeTakeFirstOrThrow();
    const { pageViewId } = await call<{ pageViewId: string }>(b, 'tracking.trackPageView', {
      url: '/search',
    });
    const row = await pageView(pageViewId);
    expect(row.user_id).toBe(me.id);
    const session = await t.db
      .selectFrom('analytics_sessions')
      .select('user_id')
      .where('id', '=', row.session_id)
      .executeTakeFirstOrThrow();
    expect(session.user_id).toBe(me.id);
  });

  it('refuses bad input with field errors, like the rest of the API', async () => {
    const b = visitor();
    for (const input of [
      { url: `/${'a'.repeat(2048)}` },
      { url: 'javascript:alert(1)' },
      { url: '/x', title: 't'.repeat(513) },
      { url: '/x', utm: { source: 's'.repeat(257) } },
    ]) {
      const res = await b.trpc('tracking.trackPageView', input);
      expect(res.status, JSON.stringify(input).slice(0, 60)).toBe(400);
      const body = (await res.json()) as { error: { json: { data: { zodError: unknown } } } };
      expect(body.error.json.data.zodError).toBeTruthy();
    }
    expect((await b.trpc('tracking.endPageView', { pageViewId: 'nope', durationMs: 1 })).status).toBe(400);
    // Bodies far beyond any valid call are refused before they are parsed.
    expect((await b.trpc('tracking.trackPageView', { url: '/x', pad: 'p'.repeat(20_000) })).status).toBe(413);
    expect(
      (await b.trpc('tracking.endPageView', { pageViewId: crypto.randomUUID(), durationMs: -5 })).status,
    ).toBe(400);
  });
});

describe('text the database cannot store', () => {
  const NUL = 'a\u0000b';
  const LONE = 'a\ud800b';
  const clickInput = {
    url: '/unstorable',
    selector: 'button',
    x: 1,
    y: 1,
    windowWidth: 10,
    windowHeight: 10,
    isNormalized: false,
  };

  it('refuses a NUL byte or a lone surrogate in any tracked text with a field error, stores nothing, and keeps storing later events', async () => {
    const b = visitor();
    const cases: [string, unknown, string][] = [];
    for (const bad of [NUL, LONE]) {
      cases.push(
        ['tracking.trackPageView', { url: '/unstorable', title: bad }, 'title'],
        ['tracking.trackPageView', { url: `/unstorable/${bad}` }, 'url'],
        ['tracking.trackPageView', { url: '/unstorable', referrer: bad }, 'referrer'],
        ['tracking.trackPageView', { url: '/unstorable', utm: { campaign: bad } }, 'utm.campaign'],
        ['tracking.getOrStartSession', { referrer: bad }, 'referrer'],
        ['tracking.trackClick', { ...clickInput, selector: bad }, 'selector'],
        ['tracking.trackClick', { ...clickInput, label: bad }, 'label'],
      );
    }
    for (const [path, input, field] of cases) {
      const res = await b.trpc(path, input);
      const what = `${path} ${JSON.stringify(input)}`;
      expect(res.status, what).toBe(400);
      const body = (await res.json()) as {
        error: { json: { data: { zodError: { fieldErrors: Record<string, string[]> } } } };
      };
      expect(Object.keys(body.error.json.data.zodError.fieldErrors), what).toContain(field);
    }
    const stored = async () => ({
      views: await t.db
        .selectFrom('analytics_page_views')
        .select('id')
        .where('path', 'like', '/unstorable%')
        .execute(),
      clicks: await t.db
        .selectFrom('analytics_clicks')
        .select('id')
        .where('path', '=', '/unstorable')
        .execute(),
      rejected: await t.db.selectFrom('analytics_rejected_events').select('id').execute(),
    });
    expect(await stored()).toEqual({ views: [], clicks: [], rejected: [] });

    // The next events of the same visitor are stored by the time they are answered.
    const { pageViewId } = await call<{ pageViewId: string }>(b, 'tracking.trackPageView', {
      url: '/unstorable',
      title: 'Fine',
    });
    await call(b, 'tracking.trackClick', clickInput);
    expect((await pageView(pageViewId)).title).toBe('Fine');
    const after = await stored();
    expect(after.views).toHaveLength(1);
    expect(after.clicks).toHaveLength(1);
    expect(after.rejected).toEqual([]);
  });

  it('refuses them in the activity log as 400 with a field error (the beacon carries no text)', async () => {
    const member = visitor();
    expect((await member.signIn('member@demo.campaignhq.test', DEMO_PASSWORD)).status).toBe(200);
    const me = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'member@demo.campaignhq.test')
      .executeTakeFirstOrThrow();
    for (const bad of [NUL, LONE]) {
      const res = await member.request('/api/log-activity', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userId: me.id, path: `/x${bad}` }),
      });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: { zodError: { fieldErrors: Record<string, string[]> } } };
      expect(Object.keys(body.error.zodError.fieldErrors)).toEqual(['path']);
    }
    const rows = await t.db.selectFrom('user_activity').select('path').where('path', 'like', '/x%').execute();
    expect(rows).toEqual([]);
  });
});

describe('clicks', () => {
  it('store path, selector, label, coordinates as sent and the event time', async () => {
    const b = visitor();
    const before = Date.now();
    await call(b, 'tracking.trackClick', {
      url: '/merchandise?sort=price#grid',
      selector: 'header nav a:nth-of-type(5)',
      label: 'Promotional Items',
      x: 41.25,
      y: 3.5,
      windowWidth: 1280,
      windowHeight: 800,
      isNormalized: true,
    });
    await call(b, 'tracking.trackClick', {
      url: '/merchandise',
      selector: '#add-to-cart',
      x: 10,
      y: 20,
      windowWidth: 1280,
      windowHeight: 800,
      isNormalized: false,
    });
    // Only this test's clicks (after `before`) count.
    const rows = await t.db
      .selectFrom('analytics_clicks')
      .selectAll()
      .where('path', '=', '/merchandise')
      .where('created_at', '>=', new Date(before))
      .orderBy('id')
      .execute();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      selector: 'header nav a:nth-of-type(5)',
      label: 'Promotional Items',
      x: 41.25,
      y: 3.5,
      window_width: 1280,
      window_height: 800,
      is_normalized: true,
    });
    // Without a label the selector is the label (the tracker's last fallback).
    expect(rows[1]).toMatchObject({ label: '#add-to-cart', is_normalized: false, x: 10, y: 20 });
    // created_at is when the click was accepted, not when the buffer was written.
    const at = new Date(rows[0]!.created_at).getTime();
    expect(at).toBeGreaterThanOrEqual(before - 5);
    expect(at).toBeLessThanOrEqual(before + 1000);
  });

  it('answers the tracker’s plain bodies as it answers superjson-annotated ones', async () => {
    const b = visitor();
    await call(b, 'tracking.getOrStartSession', {});
    const raw = (path: string, body: unknown) =>
      b.request(`/api/doors/trpc/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    // {} is what the tracker sends for no input (site/lib/tracker/transport.ts); a tRPC client
    // sends `undefined` annotated by superjson.
    const plain = await raw('tracking.heartbeat', {});
    const annotated = await raw('tracking.heartbeat', { json: null, meta: { values: ['undefined'] } });
    expect(plain.status).toBe(200);
    expect(annotated.status).toBe(200);
    expect(await plain.json()).toEqual(await annotated.json());
    expect(plain.headers.get('content-type')).toMatch(/application\/json/);
    expect(plain.headers.getSetCookie()).toEqual(annotated.headers.getSetCookie());

    const input = { url: '/plain-body', title: null, referrer: null, utm: null };
    const a = (await (await raw('tracking.trackPageView', { json: input })).json()) as {
      result: { data: { json: { pageViewId: string } } };
    };
    const c = (await (
      await raw('tracking.trackPageView', { json: { ...input, title: undefined }, meta: { values: {} } })
    ).json()) as { result: { data: { json: { pageViewId: string } } } };
    expect(Object.keys(a.result.data.json)).toEqual(Object.keys(c.result.data.json));
    const rows = await t.db
      .selectFrom('analytics_page_views')
      .select('id')
      .where('path', '=', '/plain-body')
      .execute();
    expect(rows.map((r) => r.id).sort()).toEqual(
      [a.result.data.json.pageViewId, c.result.data.json.pageViewId].sort(),
    );
  });

  it('heartbeat answers and keeps the session', async () => {
    const b = visitor();
    const res = await b.trpc('tracking.heartbeat');
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('hq_analytics='))).toBe(true);
  });

  it('past the per-session limit answers TOO_MANY_REQUESTS and stores only what it acknowledged', async () => {
    const BATCH = 10;
    const b = visitor();
    await call(b, 'tracking.getOrStartSession', {});
    const sessionId = /hq_analytics=([0-9a-f-]{36})/.exec(b.cookieHeader())![1]!;
    // The limit (600 a minute) counts in fixed windows: send until the first refusal, which two
    // windows' worth of calls always reaches even when the loop crosses a window's end.
    // Sent a batch at a time, as an open page's tracker does when clicks come fast.
    const statuses: number[] = [];
    let refusal: Response | null = null;
    for (let sent = 0; sent < 1210 && !refusal; sent += BATCH) {
      const answers = await Promise.all(
        Array.from({ length: BATCH }, (_, i) =>
          b.trpc('tracking.trackClick', {
            url: '/limit-test',
            selector: 'button',
            x: sent + i,
            y: 1,
            windowWidth: 100,
            windowHeight: 100,
            isNormalized: false,
          }),
        ),
      );
      for (const res of answers) {
        statuses.push(res.status);
        if (res.status === 429) refusal ??= res;
      }
    }
    const accepted = statuses.filter((s) => s === 200).length;
    expect(refusal).not.toBeNull();
    // 600 a minute, less the session start, which counts as one of the session's events.
    expect(accepted).toBeGreaterThanOrEqual(599);
    const error = (await refusal!.json()) as { error: { json: { data: { code: string } } } };
    expect(error.error.json.data.code).toBe('TOO_MANY_REQUESTS');
    const stored = await t.db
      .selectFrom('analytics_clicks')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('session_id', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(accepted);
    // Some six hundred calls: on a loaded two-core machine more than the default 30 s.
  }, 120_000);
});
