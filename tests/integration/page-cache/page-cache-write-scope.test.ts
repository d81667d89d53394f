import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageDataChanged, runInWriteScope } from '../../../api/modules/page-cache/changes';
import type { DbHandle } from '../../../db/client';
import { createTestDatabase } from '../../factories/test-db';

/**
 * A write request's changes reach its own instance's page cache when its handler returns,
 * without AsyncLocalStorage (docs/decisions/0045-no-async-local-storage.md): the scope travels on
 * the request's Kysely instance, through its transactions and reserved connections.
 */
let database: DbHandle;

beforeAll(async () => {
  database = await createTestDatabase();
}, 120_000);
afterAll(() => database.close());

describe('runInWriteScope', () => {
  it('hands over the tags changed inside a transaction, once the handler has returned', async () => {
    const applied: string[][] = [];
    let returned = false;
    const result = await runInWriteScope(
      database.db,
      async (db) => {
        await db.transaction().execute(async (trx) => {
          await pageDataChanged(trx, ['shop', 'profile:7']);
          await pageDataChanged(trx, ['shop']);
        });
        expect(applied).toEqual([]);
        returned = true;
        return 'done';
      },
      (tags) => {
        expect(returned).toBe(true);
        applied.push([...tags]);
      },
    );
    expect(result).toBe('done');
    expect(applied).toEqual([['shop', 'profile:7']]);
  });

  it('collects changes made on a reserved connection too', async () => {
    const applied: string[][] = [];
    await runInWriteScope(
      database.db,
      (db) => db.connection().execute((conn) => pageDataChanged(conn, ['toggles'])),
      (tags) => applied.push([...tags]),
    );
    expect(applied).toEqual([['toggles']]);
  });

  it('still hands over what changed when the handler fails afterwards', async () => {
    const applied: string[][] = [];
    await expect(
      runInWriteScope(
        database.db,
        async (db) => {
          await pageDataChanged(db, ['people']);
          throw new Error('handler failed');
        },
        (tags) => applied.push([...tags]),
      ),
    ).rejects.toThrow('handler failed');
    expect(applied).toEqual([['people']]);
  });

  it('does not see changes made through another db, nor those of a concurrent request', async () => {
    const first: string[][] = [];
    const second: string[][] = [];
    await Promise.all([
      runInWriteScope(
        database.db,
        async (db) => {
          await pageDataChanged(db, ['shop']);
          // Outside this request's instance: a job, or another request.
          await pageDataChanged(database.db, ['reference-options']);
        },
        (tags) => first.push([...tags]),
      ),
      runInWriteScope(
        database.db,
        (db) => pageDataChanged(db, ['profile:9']),
        (tags) => second.push([...tags]),
      ),
    ]);
    expect(first).toEqual([['shop']]);
    expect(second).toEqual([['profile:9']]);
  });

  it('applies nothing when nothing changed', async () => {
    let calls = 0;
    await runInWriteScope(
      database.db,
      (db) => db.selectFrom('users').select('id').limit(1).execute(),
      () => calls++,
    );
    expect(calls).toBe(0);
  });
});
