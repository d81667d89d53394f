import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAnalyticsDemo } from '../../../api/seed/analytics-demo';
import type { DbHandle } from '../../../db/client';
import { createTestDatabase } from '../../factories/test-db';

/**
 * The demo analytics (api/seed/analytics-demo.ts) stay in the past: a view, its end or a click
 * stamped after the seed ran would be counted as a real visitor's activity from right now.
 */
let database: DbHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

describe('demo analytics', () => {
  it('put no session, view, view end or click after the moment they were seeded', async () => {
    // Just after midnight is the hardest case: this morning's sessions have no room before `now`.
    const now = new Date('2026-03-10T00:20:00.000Z');
    const made = await seedAnalyticsDemo(database.db, now);
    expect(made.sessions).toBe(150);
    expect(made.clicks).toBeGreaterThan(0);

    const { rows } = await sql<{ latest: Date | string | null }>`
      select greatest(
        (select max(started_at) from analytics_sessions),
        (select max(last_seen_at) from analytics_sessions),
        (select max(started_at) from analytics_page_views),
        (select max(ended_at) from analytics_page_views),
        (select max(created_at) from analytics_clicks)
      ) as latest`.execute(database.db);
    expect(new Date(rows[0]!.latest!).getTime()).toBeLessThanOrEqual(now.getTime());
  });
});
