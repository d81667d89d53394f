import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, openDatabase } from './client';

/** Queued PGlite statements leave room for I/O between them (docs/decisions/0050-pglite-statements-yield-to-the-event-loop.md). */
let database: DbHandle;

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
}, 60_000);
afterAll(() => database.close());

describe('PGlite statements', () => {
  it('let the event loop turn between queued statements', async () => {
    let finished = 0;
    const statements = Array.from({ length: 40 }, () =>
      sql`SELECT count(*) FROM generate_series(1, 2000)`.execute(database.db).then(() => finished++),
    );
    // What a socket's read or write waits for: the event loop's next turn.
    const finishedAtNextTurn = new Promise<number>((resolve) => setImmediate(() => resolve(finished)));
    await Promise.all(statements);
    expect(await finishedAtNextTurn).toBeLessThan(5);
  });
});
