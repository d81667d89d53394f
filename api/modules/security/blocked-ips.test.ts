import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../../db/client';
import { createTestDatabase } from '../../../tests/factories/test-db';
import { blockedIps, forgetBlockedIps, loadedBlockedIps } from './blocked-ips';

let database: DbHandle;

beforeAll(async () => {
  database = await createTestDatabase();
}, 120_000);
afterAll(() => database.close());

describe('the per-process copy of blocked addresses', () => {
  it('is one copy per database, dropped from any instance of it (a transaction is one)', async () => {
    await database.db.insertInto('blocked_ips').values({ ip: '198.51.100.7', reason: 'test' }).execute();
    expect(await blockedIps(database.db)).toEqual(new Set(['198.51.100.7']));
    // The guard reads the base instance; the unblock runs in a transaction, an instance of its own.
    await database.db.transaction().execute(async (trx) => {
      expect(loadedBlockedIps(trx)).toEqual(new Set(['198.51.100.7']));
      await trx.deleteFrom('blocked_ips').where('ip', '=', '198.51.100.7').execute();
      forgetBlockedIps(trx);
    });
    expect(loadedBlockedIps(database.db)).toBeUndefined();
    expect(await blockedIps(database.db)).toEqual(new Set());
  });
});
