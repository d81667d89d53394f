import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../api/app';
import { createSession } from '../../../api/auth/sessions';
import { outboxEmail } from '../../../api/ports/email/outbox';
import { type DbHandle, openDatabase } from '../../../db/client';
import { devAssets } from '../../../site/server/assets';
import { demoAccounts } from '../../factories/accounts';
import { createTestApp, type TestApp } from '../../factories/test-app';

/**
 * Two app instances, each with its own connection pool, on one PostgreSQL database (as two
 * server processes behind a load balancer): a message sent through one reaches a stream held by
 * the other, through LISTEN/NOTIFY. A *.postgres.test.ts file: collected only when DATABASE_URL
 * is set (vitest.config.ts), since embedded PGlite lives inside one process.
 */
describe('realtime across two instances on one PostgreSQL', () => {
  let one: TestApp;
  let secondDb: DbHandle;
  let two: ReturnType<typeof createApp>;

  beforeAll(async () => {
    one = await createTestApp();
    await demoAccounts(one.db, 'member', 'candidate');
    const url = (one.database as DbHandle & { url?: string }).url!;
    secondDb = await openDatabase({ databaseUrl: url, dataDir: 'unused', maxConnections: 3 });
    two = createApp({ config: one.config, database: secondDb, assets: devAssets(), email: outboxEmail() });
  }, 120_000);

  afterAll(async () => {
    await secondDb?.close();
    await one?.close();
  });

  it('delivers a message sent through instance one to a stream on instance two', async () => {
    const ids = await one.db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('email', 'in', ['member@demo.campaignhq.test', 'candidate@demo.campaignhq.test'])
      .execute();
    const a = ids.find((u) => u.email.startsWith('member'))!.id;
    const b = ids.find((u) => u.email.startsWith('candidate'))!.id;
    const cookie = async (id: number) =>
      `hq_session=${(await createSession(one.db, id, { ip: 'test' })).token}`;

    const controller = new AbortController();
    const stream = await two.request('/api/realtime', {
      headers: { cookie: await cookie(b) },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const readUntil = async (pattern: RegExp) => {
      const deadline = Date.now() + 10_000;
      while (!pattern.test(text) && Date.now() < deadline) {
        const chunk = await reader.read();
        if (chunk.done) break;
        text += decoder.decode(chunk.value, { stream: true });
      }
    };
    await readUntil(/event: ready/);
    // Give instance two's LISTEN a moment to be registered on its connection.
    await new Promise((r) => setTimeout(r, 200));

    const sent = await one.app.request('/api/doors/trpc/messaging.send', {
      method: 'POST',
      headers: { cookie: await cookie(a), origin: one.config.appUrl, 'content-type': 'application/json' },
      body: JSON.stringify({ json: { to: b, body: 'Across instances', clientId: 'two-instances' } }),
    });
    expect(sent.status).toBe(200);
    await readUntil(/event: new-message[\s\S]*"from":\d+/);
    expect(text).toContain('event: new-message');
    expect(text).toContain(`"from":${a}`);
    controller.abort();
    await reader.cancel().catch(() => {});
  });
});
