import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../api/app';
import { runMaintenance } from '../../../api/doors/queue-handlers/maintenance';
import { createAnalyticsIngest } from '../../../api/modules/analytics/ingest/service';
import { loadConfig } from '../../../api/platform/config';
import { configureLogger } from '../../../api/platform/logger';
import { outboxEmail } from '../../../api/ports/email/outbox';
import { DEMO_PASSWORD } from '../../../api/seed/demo-accounts';
import { devAssets } from '../../../site/server/assets';
import { demoAccounts } from '../../factories/accounts';
import { createTestApp, type TestApp, TestBrowser } from '../../factories/test-app';
import { createTestDatabase } from '../../factories/test-db';
import { trackingHelpers } from '../../factories/tracking';

/**
 * The sendBeacon and activity-logging endpoints, that an acknowledged event is a stored event,
 * and what happens to events when they pass their retention (docs/decisions/0011-analytics-ingest.md, 0013). tracking.* itself: analytics-ingest.test.ts.
 */
let t: TestApp;

beforeAll(async () => {
  // TRUST_PROXY so the tests choose the client address (and can prove it is not stored).
  t = await createTestApp({ TRUST_PROXY: 'true' });
  await demoAccounts(t.db, 'member', 'vendor');
});
afterAll(() => t.close());

const { visitor, call, pageView } = trackingHelpers(() => t);

describe('POST /api/analytics/beacon-end', () => {
  async function started(b: TestBrowser) {
    return (await call<{ pageViewId: string }>(b, 'tracking.trackPageView', { url: '/contact' })).pageViewId;
  }

  for (const [kind, headers] of [
    ['text/plain (what sendBeacon sends for a string)', { 'content-type': 'text/plain;charset=UTF-8' }],
    ['application/json', { 'content-type': 'application/json' }],
    ['no content type', {}],
  ] as const) {
    it(`accepts a ${kind} body`, async () => {
      const b = visitor();
      const pageViewId = await started(b);
      const body = new TextEncoder().encode(JSON.stringify({ pageViewId, durationMs: 2500 }));
      const res = await b.request('/api/analytics/beacon-end', { method: 'POST', headers, body });
      expect(res.status).toBe(204);
      expect(await pageView(pageViewId)).toMatchObject({ duration_ms: 2500, is_exit: true });
    });
  }

  it('answers 400 to bad JSON and to a bad shape', async () => {
    const b = visitor();
    const post = (body: string) =>
      b.request('/api/analytics/beacon-end', {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        body,
      });
    expect((await post('{not json')).status).toBe(400);
    expect((await post(JSON.stringify({ pageViewId: 'x', durationMs: 1 }))).status).toBe(400);
    expect((await post(JSON.stringify({ pageViewId: crypto.randomUUID() }))).status).toBe(400);
  });

  it('keeps the CSRF origin check', async () => {
    const b = visitor();
    const res = await b.request('/api/analytics/beacon-end', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'text/plain' },
      body: JSON.stringify({ pageViewId: crypto.randomUUID(), durationMs: 1 }),
    });
    expect(res.status).toBe(403);
  });
});

describe('POST /api/log-activity', () => {
  const post = (b: TestBrowser, body: unknown) =>
    b.request('/api/log-activity', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('refuses visitors (401) and a userId that is not the session user (403), stores own activity', async () => {
    const member = visitor();
    expect((await member.signIn('member@demo.campaignhq.test', DEMO_PASSWORD)).status).toBe(200);
    const { id } = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'member@demo.campaignhq.test')
      .executeTakeFirstOrThrow();
    const other = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'vendor@demo.campaignhq.test')
      .executeTakeFirstOrThrow();

    expect((await post(visitor(), { userId: id, path: '/about' })).status).toBe(401);
    expect((await post(member, { userId: other.id, path: '/about' })).status).toBe(403);
    expect((await post(member, { userId: id, path: 'nope' })).status).toBe(400);
    expect((await post(member, { userId: id, path: '/people/search?q=x' })).status).toBe(204);
    const rows = await t.db.selectFrom('user_activity').selectAll().execute();
    expect(rows.map((r) => [r.user_id, r.path])).toEqual([[id, '/people/search']]);
  });
});

describe('acknowledgement', () => {
  it('answers only once the event is stored: every acknowledged event is in the database before close()', async () => {
    const b = visitor();
    await call(b, 'tracking.getOrStartSession', {});
    const sessionId = /hq_analytics=([0-9a-f-]{36})/.exec(b.cookieHeader())![1]!;
    // Sent together, so they are stored in shared batches (group commit).
    const statuses = await Promise.all(
      Array.from({ length: 120 }, (_, i) =>
        b
          .trpc(
            i % 3 === 0 ? 'tracking.trackPageView' : 'tracking.trackClick',
            i % 3 === 0
              ? { url: `/page-${i}` }
              : {
                  url: '/acknowledged',
                  selector: 'a',
                  x: i,
                  y: i,
                  windowWidth: 1,
                  windowHeight: 1,
                  isNormalized: false,
                },
          )
          .then((res) => res.status),
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(120);
    // No flush and no close(): the answers came after the commit.
    const count = async (table: 'analytics_page_views' | 'analytics_clicks') =>
      Number(
        (
          await t.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('session_id', '=', sessionId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('analytics_page_views')).toBe(40);
    expect(await count('analytics_clicks')).toBe(80);
    expect(t.app.analytics.pendingEvents).toBe(0);
  });
});

describe('when the database cannot store events', () => {
  it('answers 503 SERVICE_UNAVAILABLE after the wait, in tRPC shape for plain and annotated bodies alike, and on the beacon', async () => {
    configureLogger('silent');
    // An ingest whose database is gone: every write fails like a dropped connection, is retried,
    // and its callers are answered once their (short) wait has passed.
    const gone = await createTestDatabase();
    await gone.close();
    const analytics = createAnalyticsIngest(gone.db, {
      secret: t.config.appSecret,
      commit: { maxWaitMs: 300, retryDelayMs: 20 },
    });
    const app = createApp({
      config: t.config,
      database: t.database,
      assets: devAssets(),
      email: outboxEmail(),
      analytics,
    });
    const down = new TestBrowser(
      { ...t, app },
      // A visitor with an analytics session, so the beacon has an end to store.
      { 'x-forwarded-for': '203.0.113.78', cookie: `hq_analytics=${crypto.randomUUID()}` },
    );
    try {
      const raw = (path: string, body: unknown) =>
        down.request(`/api/doors/trpc/${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      type RpcError = { error: { json: { message: string; data: { code: string; httpStatus: number } } } };
      const plain = await raw('tracking.trackPageView', { json: { url: '/down' } });
      const annotated = await raw('tracking.trackPageView', { json: { url: '/down' }, meta: { values: {} } });
      for (const res of [plain, annotated]) {
        expect(res.status).toBe(503);
        const body = (await res.json()) as RpcError;
        expect(body.error.json.data).toMatchObject({ code: 'SERVICE_UNAVAILABLE', httpStatus: 503 });
        expect(body.error.json.message).not.toMatch(/pglite|postgres|destroyed|closed/i);
      }
      const beacon = await down.request('/api/analytics/beacon-end', {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        body: JSON.stringify({ pageViewId: crypto.randomUUID(), durationMs: 10 }),
      });
      expect(beacon.status).toBe(503);
      expect(beacon.headers.get('retry-after')).toBe('5');
      expect(analytics.pendingEvents).toBe(0);
    } finally {
      configureLogger('info');
    }
  });
});

describe('retention', () => {
  it('defaults to 395 days and is configurable', () => {
    expect(loadConfig({}).ANALYTICS_RETENTION_DAYS).toBe(395);
    expect(loadConfig({ ANALYTICS_RETENTION_DAYS: '30' }).ANALYTICS_RETENTION_DAYS).toBe(30);
    expect(() => loadConfig({ ANALYTICS_RETENTION_DAYS: '0' })).toThrow(/ANALYTICS_RETENTION_DAYS/);
  });

  it('maintenance deletes raw analytics older than the retention period and keeps newer rows', async () => {
    const now = new Date();
    const old = new Date(now.getTime() - 31 * 86_400_000);
    const recent = new Date(now.getTime() - 29 * 86_400_000);
    const { id: userId } = await t.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    const ids = { old: crypto.randomUUID(), recent: crypto.randomUUID() };
    for (const [key, at] of [
      ['old', old],
      ['recent', recent],
    ] as const) {
      const id = ids[key];
      await t.db
        .insertInto('analytics_sessions')
        .values({ id, visitor_hash: 'h', started_at: at, last_seen_at: at })
        .execute();
      await t.db
        .insertInto('analytics_page_views')
        .values({ id, session_id: id, path: `/retention-${key}`, url: '/', started_at: at })
        .execute();
      await t.db
        .insertInto('analytics_clicks')
        .values({
          session_id: id,
          path: `/retention-${key}`,
          selector: 'a',
          window_width: 1,
          window_height: 1,
          is_normalized: false,
          created_at: at,
        })
        .execute();
      await t.db
        .insertInto('user_activity')
        .values({ user_id: userId, path: `/retention-${key}`, created_at: at })
        .execute();
    }
    await runMaintenance(t.db, now, { analyticsRetentionDays: 30 });
    const left = async (table: 'analytics_page_views' | 'analytics_clicks' | 'user_activity') =>
      (await t.db.selectFrom(table).select('path').where('path', 'like', '/retention-%').execute()).map(
        (r) => r.path,
      );
    expect(await left('analytics_page_views')).toEqual(['/retention-recent']);
    expect(await left('analytics_clicks')).toEqual(['/retention-recent']);
    expect(await left('user_activity')).toEqual(['/retention-recent']);
    const sessions = await t.db
      .selectFrom('analytics_sessions')
      .select('id')
      .where('id', 'in', [ids.old, ids.recent])
      .execute();
    expect(sessions.map((s) => s.id)).toEqual([ids.recent]);
  });
});
