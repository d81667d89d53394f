import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../tests/factories/test-db';
import type { DbHandle } from './client';
import { databaseIdentity } from './identity';

/** Per-database caches find one key from every instance of a database, and none from another's. */
let first: DbHandle;
let second: DbHandle;

const passThrough: KyselyPlugin = {
  transformQuery: (args) => args.node,
  transformResult: async (args) => args.result,
};

beforeAll(async () => {
  [first, second] = await Promise.all([createTestDatabase(), createTestDatabase()]);
}, 120_000);
afterAll(() => Promise.all([first.close(), second.close()]));

describe('databaseIdentity', () => {
  it('is the same for an instance with a plugin and inside a transaction', async () => {
    const identity = databaseIdentity(first.db);
    expect(databaseIdentity(first.db.withPlugin(passThrough))).toBe(identity);
    await first.db.transaction().execute(async (trx) => {
      expect(databaseIdentity(trx)).toBe(identity);
    });
  });

  it('differs between two databases', () => {
    expect(databaseIdentity(second.db)).not.toBe(databaseIdentity(first.db));
  });
});
