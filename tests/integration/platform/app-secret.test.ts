import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../api/platform/config';
import { storedAppSecret, withAppSecret } from '../../../api/process/app-secret';
import { openDatabase } from '../../../db/client';
import { migrateToLatest } from '../../../db/migrate';
import { createTestDatabase } from '../../factories/test-db';

/**
 * Finding 3: without APP_SECRET the server signed with a development secret that is in the public
 * code. Now it generates one on first start and keeps it with the data.
 */
let t: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.close());

describe('the generated APP_SECRET', () => {
  it('is created once, even by processes starting together, and then always the same', async () => {
    const secrets = await Promise.all(Array.from({ length: 4 }, () => storedAppSecret(t.db)));
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0]!.length).toBeGreaterThanOrEqual(32);
    expect(await storedAppSecret(t.db)).toBe(secrets[0]);
  });

  it('replaces the per-process one in the configuration, and APP_SECRET wins over it', async () => {
    const loaded = loadConfig({ NODE_ENV: 'production' });
    const config = await withAppSecret(loaded, t.db);
    expect(config.appSecretSource).toBe('stored');
    expect(config.appSecret).toBe(await storedAppSecret(t.db));
    expect(config.appSecret).not.toBe(loaded.appSecret);
    const configured = await withAppSecret(loadConfig({ APP_SECRET: 'c'.repeat(40) }), t.db);
    expect(configured.appSecret).toBe('c'.repeat(40));
  });

  it('survives a restart of an embedded database: it lives in the data directory', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'campaign-hq-secret-'));
    try {
      const first = await openDatabase({ dataDir });
      await migrateToLatest(first.db);
      const before = await storedAppSecret(first.db);
      await first.close();
      const second = await openDatabase({ dataDir });
      const after = await storedAppSecret(second.db);
      await second.close();
      expect(after).toBe(before);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
    // A fresh embedded database on disk: initdb and every migration, 8 s on an idle machine and
    // past the suite's 30 s when three workers share two busy cores.
  }, 90_000);
});
