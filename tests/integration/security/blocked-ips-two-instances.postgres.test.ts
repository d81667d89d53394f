import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../api/app';
import { blockIp, unblockIp } from '../../../api/modules/security/service';
import { outboxEmail } from '../../../api/ports/email/outbox';
import { type DbHandle, openDatabase } from '../../../db/client';
import { devAssets } from '../../../site/server/assets';
import { createTestApp, type TestApp } from '../../factories/test-app';

/**
 * Two app instances, each with its own pool and its own copy of the blocked-address list, on one
 * PostgreSQL database: a block (or unblock) made through one takes effect on the other's next
 * request, well within a second, through the change channel's NOTIFY
 * (docs/decisions/0038-several-workers-and-instances.md). Each instance has read the list first,
 * so without the notification it would keep its copy for 15 s. Collected only with DATABASE_URL.
 */
const VISITOR = '203.0.113.77';

describe('blocked addresses across two instances on one PostgreSQL', () => {
  let one: TestApp;
  let secondDb: DbHandle;
  let two: ReturnType<typeof createApp>;
  let staffId: number;

  beforeAll(async () => {
    one = await createTestApp({ TRUST_PROXY: 'true' });
    const url = (one.database as DbHandle & { url?: string }).url!;
    secondDb = await openDatabase({ databaseUrl: url, dataDir: 'unused', maxConnections: 3 });
    two = createApp({ config: one.config, database: secondDb, assets: devAssets(), email: outboxEmail() });
    const staff = await one.db
      .insertInto('users')
      .values({ email: 'blocker@example.test', first_name: 'Block', last_name: 'Er', kind: 'individual' })
      .returning('id')
      .executeTakeFirstOrThrow();
    staffId = staff.id;
    // Both instances have loaded the (empty) list; let instance two's LISTEN register.
    expect(await statusOnTwo()).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
  }, 120_000);

  afterAll(async () => {
    await two?.close();
    await secondDb?.close();
    await one?.close();
  });

  const statusOnTwo = async () =>
    (await two.request('/api/auth/session', { headers: { 'x-forwarded-for': VISITOR } })).status;

  async function firstStatusWithin(ms: number, wanted: number): Promise<number> {
    const started = performance.now();
    while (performance.now() - started < ms) {
      if ((await statusOnTwo()) === wanted) return performance.now() - started;
      await new Promise((r) => setTimeout(r, 10));
    }
    return Number.POSITIVE_INFINITY;
  }

  it('refuses the next request on instance two once instance one blocks the address', async () => {
    const actor = { id: staffId, ip: '198.51.100.1', permissions: [] };
    await blockIp(one.db, { ip: VISITOR, reason: 'Scraping the directory' }, actor);
    const tookMs = await firstStatusWithin(1_000, 403);
    expect(tookMs).toBeLessThan(1_000);

    await unblockIp(one.db, VISITOR, actor);
    expect(await firstStatusWithin(1_000, 200)).toBeLessThan(1_000);
  });
});
