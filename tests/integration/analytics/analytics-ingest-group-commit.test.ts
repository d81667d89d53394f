import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Batch, type ClickWrite, emptyBatch } from '../../../api/modules/analytics/ingest/events';
import { GroupCommit } from '../../../api/modules/analytics/ingest/group-commit';
import { setAsideRejected } from '../../../api/modules/analytics/ingest/rejected';
import { IngestRejectedError } from '../../../api/modules/analytics/ingest/store-errors';
import { writeBatch } from '../../../api/modules/analytics/ingest/writer';
import { configureLogger } from '../../../api/platform/logger';
import type { DbHandle } from '../../../db/client';
import { createTestDatabase } from '../../factories/test-db';

/**
 * The ingest writer against a real database (docs/decisions/0013-ingest-group-commit.md): an event the database refuses,
 * forced past the schema that would stop it at the door, must cost only itself. Its batch is
 * split, the other events are stored, it is set aside exactly once and never retried.
 */
let database: DbHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  configureLogger('silent');
});
afterAll(async () => {
  configureLogger('info');
  await database.close();
});

const SESSION = '6f1d7c1e-2a4b-4c8d-9e0f-1a2b3c4d5e6f';

const click = (selector: string): Batch => {
  const row: ClickWrite = {
    sessionId: SESSION,
    userId: null,
    path: '/poison',
    selector,
    label: null,
    x: 1,
    y: 2,
    windowWidth: 800,
    windowHeight: 600,
    isNormalized: false,
    anchorX: null,
    anchorY: null,
    createdAt: new Date(),
  };
  return { ...emptyBatch(), clicks: [row] };
};

describe('group commit over the real writer', () => {
  it('stores the good events of a batch with a NUL byte in one row and sets the bad one aside once', async () => {
    const { db } = database;
    const commit = new GroupCommit({
      write: (batch) => writeBatch(db, batch),
      setAside: (rows, error) => setAsideRejected(db, rows, error),
    });
    const selectors = Array.from({ length: 10 }, (_, i) => (i === 6 ? 'a\u0000b' : `#good-${i}`));
    // Stored together, so they share one batch (the first write fails whole).
    const results = await Promise.all(
      selectors.map((s) =>
        commit.store(click(s)).then(
          () => 'stored',
          (error: unknown) => (error instanceof IngestRejectedError ? 'rejected' : String(error)),
        ),
      ),
    );
    expect(results).toEqual(selectors.map((s) => (s.includes('\u0000') ? 'rejected' : 'stored')));

    const stored = await db
      .selectFrom('analytics_clicks')
      .select('selector')
      .where('path', '=', '/poison')
      .orderBy('id')
      .execute();
    expect(stored.map((r) => r.selector).sort()).toEqual(selectors.filter((s) => s.startsWith('#')).sort());

    const rejected = await db.selectFrom('analytics_rejected_events').selectAll().execute();
    expect(rejected).toHaveLength(1);
    // A data exception (class 22): the NUL byte, however the driver sent it.
    expect(rejected[0]!.error_code).toMatch(/^22/);
    expect(rejected[0]!.error_message).not.toContain('\u0000');
    const payload = JSON.parse(rejected[0]!.payload) as Batch;
    expect(payload.clicks.map((c) => c.selector)).toEqual(['a\u0000b']);
    expect(commit.rejected).toBe(1);

    // Nothing is left to retry, and the next event is stored at once.
    expect(commit.size).toBe(0);
    await commit.store(click('#after'));
    const after = await db
      .selectFrom('analytics_clicks')
      .select('id')
      .where('selector', '=', '#after')
      .execute();
    expect(after).toHaveLength(1);
    expect(await db.selectFrom('analytics_rejected_events').select('id').execute()).toHaveLength(1);
  });
});
