import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../../db/client';
import { createTestDatabase } from '../../../tests/factories/test-db';
import { runInWriteScope } from '../page-cache/changes';
import { blockedIps, forgetBlockedIps, loadedBlockedIps } from './blocked-ips';

let database: DbHandle;

beforeAll(async () => {
  database = await createTestDatabase();
}, 120_000);
afterAll(() => database.close());

describe('the per-process copy of blocked addresses', () => {
  it('is one copy per database, dropped from any instance of it (a write request has its own)', async () => {
    await database.db.insertInto('blocked_ips').values({ ip: '198.51.100.7', reason: 'test' }).execute();
    expect(await blockedIps(database.db)).toEqual(new Set(['198.51.100.7']));
    // The guard reads the base instance; the request that unblocks holds its own (runInWriteScope).
    await runInWriteScope(
      database.db,
      async (writeRequestDb) => {
        expect(loadedBlockedIps(writeRequestDb)).toEqual(new Set(['198.51.100.7']));
        await writeRequestDb.deleteFrom('blocked_ips').where('ip', '=', '198.51.100.7').execute();
        forgetBlockedIps(writeRequestDb);
      },
      () => {},
    );
    expect(loadedBlockedIps(database.db)).toBeUndefined();
    expect(await blockedIps(database.db)).toEqual(new Set());
  });
});
