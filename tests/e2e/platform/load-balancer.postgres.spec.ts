import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, expect, test } from '@playwright/test';
import sharp from 'sharp';
import {
  createScratchDatabase,
  type ScratchDatabase,
  type ServerProcess,
  startServerProcess,
  waitForOk,
} from '../../factories/server-process';
import { demo, hydrated, signIn } from '../auth-helpers';
import { type RoundRobinProxy, startRoundRobinProxy } from '../round-robin-proxy';

/**
 * Two app instances on one fresh PostgreSQL database behind a round-robin proxy, without sticky
 * sessions, as in production (docs/decisions/0038-several-workers-and-instances.md): a session
 * made through one is good on both, a message reaches a browser on the other instance live, a
 * block made on one refuses the next request on the other within a second, and a file uploaded
 * through one is served by the other (they share the uploads directory here, as instances share
 * object storage in production). Its own servers on E2E_PORT + 2, + 3 and the proxy on + 4.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const base = Number(process.env.E2E_PORT ?? 3210);
let database: ScratchDatabase;
let uploads: string;
let instances: ServerProcess[] = [];
let proxy: RoundRobinProxy;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  database = await createScratchDatabase(process.env.DATABASE_URL!);
  uploads = await mkdtemp(join(tmpdir(), 'campaign-hq-lb-'));
  const proxyUrl = `http://127.0.0.1:${base + 4}`;
  // Both start at once on the empty database: one migrates and seeds, the other waits for it.
  instances = await Promise.all(
    [base + 2, base + 3].map((port) =>
      startServerProcess('api/main.ts', {
        PORT: String(port),
        DATABASE_URL: database.url,
        DATA_DIR: uploads,
        APP_URL: proxyUrl,
        TRUST_PROXY: 'true',
        SEED_DEMO_DATA: 'true',
      }),
    ),
  );
  await Promise.all(instances.map((server) => waitForOk(`${server.baseUrl}/readyz`, 180_000)));
  proxy = await startRoundRobinProxy(
    base + 4,
    instances.map((server) => server.baseUrl),
  );
});

test.afterAll(async () => {
  await proxy?.close();
  await Promise.all(instances.map((server) => server.stop()));
  await database?.drop();
  if (uploads) await rm(uploads, { recursive: true, force: true });
});

/** A browser behind the proxy, from its own address, optionally sent to one instance only. */
async function visitor(browser: Browser, ip: string, backend?: 0 | 1) {
  const context = await browser.newContext({
    baseURL: proxy.url,
    extraHTTPHeaders: {
      'x-test-client-ip': ip,
      ...(backend === undefined ? {} : { 'x-test-backend': String(backend) }),
    },
  });
  return context.newPage();
}

test('a session made through one instance is good on both', async ({ browser }) => {
  const page = await visitor(browser, '203.0.113.10');
  await signIn(page, demo('member'), '/settings');
  const servedBy = new Set<string>();
  const sessions: unknown[] = [];
  for (let i = 0; i < 6; i++) {
    const answer = await page.request.get('/api/auth/session');
    sessions.push(await answer.json());
    servedBy.add(answer.headers()['x-served-by'] ?? '');
  }
  expect(sessions[0]).toMatchObject({ user: { role: 'individual', id: expect.any(Number) } });
  for (const session of sessions) expect(session).toEqual(sessions[0]);
  expect([...servedBy].sort()).toEqual(['0', '1']);
  await page.context().close();
});

test('a message sent through one instance reaches a browser on the other, live', async ({ browser }) => {
  const b = await visitor(browser, '203.0.113.11', 1);
  await signIn(b, demo('marketing'), '/messaging');
  await hydrated(b, 'Messenger');
  await expect(b.locator('html')).toHaveAttribute('data-realtime', 'ready');
  const props = await b.locator('[data-island="MessageBadge"]').getAttribute('data-props');
  const idB = (JSON.parse(props ?? '{}') as { userId: number }).userId;
  const badge = b.locator('header [data-badge="messages"]');
  await expect(badge).toBeHidden();

  const a = await visitor(browser, '203.0.113.12', 0);
  await signIn(a, demo('support'), `/messaging?to=${idB}`);
  await hydrated(a, 'Messenger');
  await a.getByLabel('Message', { exact: true }).fill('Through the load balancer');
  await a.getByRole('button', { name: 'Send' }).click();

  await expect(badge).toHaveAttribute('data-count', '1');
  await expect(b.getByRole('navigation', { name: 'Conversations' })).toContainText(
    'Through the load balancer',
  );
  await a.context().close();
  await b.context().close();
});

test('a block made on one instance refuses the next request on the other within a second', async ({
  browser,
}) => {
  const blocked = '203.0.113.66';
  const target = await visitor(browser, blocked, 1);
  const status = async () => (await target.request.get('/api/auth/session')).status();
  expect(await status()).toBe(200);

  const staff = await visitor(browser, '198.51.100.20', 0);
  await signIn(staff, demo('security'), '/admin');
  const block = await staff.request.post('/api/admin/rest/ip-blocks', {
    data: { ip: blocked, reason: 'E2E: across the load balancer' },
    headers: { origin: proxy.url },
  });
  expect(block.status()).toBe(201);
  const blockedAt = Date.now();
  await expect.poll(status, { timeout: 1_000, intervals: [20] }).toBe(403);
  expect(Date.now() - blockedAt).toBeLessThan(1_000);
  await target.goto('/');
  await expect(target).toHaveURL(/\/blocked\/ip$/);

  const unblock = await staff.request.delete(`/api/admin/rest/ip-blocks/${blocked}`, {
    headers: { origin: proxy.url },
  });
  expect(unblock.status()).toBe(200);
  await expect.poll(status, { timeout: 1_000, intervals: [20] }).toBe(200);
  await staff.context().close();
  await target.context().close();
});

test('a picture uploaded through one instance is served by the other', async ({ browser }) => {
  const page = await visitor(browser, '203.0.113.13', 0);
  await signIn(page, demo('sales'), '/myprofile');
  await hydrated(page, 'ProfileImageUpload');
  const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#1d4e89' } })
    .png()
    .toBuffer();
  await page
    .getByLabel('Profile picture')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await page.getByRole('button', { name: 'Upload picture' }).click();
  await expect(page.getByText('Your new profile picture is saved.')).toBeVisible();
  const stored = await page.evaluate(() => localStorage.getItem('profileImage'));
  expect(stored).toMatch(/^\/media\/uploads\//);

  const fromOne = await page.request.get(stored!, { headers: { 'x-test-backend': '0' } });
  const fromTwo = await page.request.get(stored!, { headers: { 'x-test-backend': '1' } });
  expect(fromTwo.headers()['x-served-by']).toBe('1');
  expect(fromTwo.status()).toBe(200);
  expect(fromTwo.headers()['content-type']).toBe('image/webp');
  expect(Buffer.compare(await fromTwo.body(), await fromOne.body())).toBe(0);
  await page.context().close();
});
