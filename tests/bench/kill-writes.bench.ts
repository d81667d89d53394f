/**
 * Kill -9 during writes (`npm run bench -- kill-writes`; needs DATABASE_URL, uses its own database,
 * builds the client when dist/ is missing).
 *
 * Runs `npm start`'s process tree (api/process/supervisor.ts over api/main.ts) on a fresh PostgreSQL
 * database with the demo data. For BENCH_SECONDS (25), buyers place and pay orders through the
 * local test gateway (shop.startCheckout → POST /pay/{order} with the 4242 card → /ordersuccess)
 * and signed-in members send messages (messaging.send), all concurrently, while the serving worker
 * is killed with SIGKILL every 4 s. Afterwards every acknowledged write must be in the database:
 * each order whose payment was answered with /ordersuccess is paid, each message answered 200
 * exists. Prints acknowledged and stored counts; fails when an acknowledged write is missing.
 */
import { sql } from 'kysely';
import { openDatabase } from '../../db/client';
import {
  createScratchDatabase,
  ensureClientBuild,
  startServerProcess,
  waitForOk,
} from '../factories/server-process';
import { ADDRESS, seedShopFixture } from '../factories/shop';
import { signIn, sleep } from './bench-server';

const PORT = Number(process.env.BENCH_PORT ?? 3310);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 25);
const KILL_EVERY_MS = 4_000;
const BUYERS = 8;
const SENDERS = [
  'member@demo.campaignhq.test',
  'candidate@demo.campaignhq.test',
  'organization@demo.campaignhq.test',
  'vendor@demo.campaignhq.test',
];
const RECIPIENT = 'support@demo.campaignhq.test';

type Rpc = { result?: { data: { json: unknown } } };

async function main() {
  if (!process.env.DATABASE_URL) throw new Error('The kill-writes bench needs DATABASE_URL (PostgreSQL).');
  ensureClientBuild();
  const database = await createScratchDatabase(process.env.DATABASE_URL);
  const server = await startServerProcess('api/process/supervisor.ts', {
    PORT: String(PORT),
    DATABASE_URL: database.url,
    SEED_DEMO_DATA: 'true',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  });
  const check = await openDatabase({ databaseUrl: database.url, dataDir: 'unused', maxConnections: 2 });
  try {
    const base = server.baseUrl;
    await waitForOk(`${base}/healthz`, 180_000);
    const { variantIds } = await seedShopFixture(check.db, [1_000_000]);
    const variantId = variantIds[0]!;
    const recipient = await check.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', RECIPIENT)
      .executeTakeFirstOrThrow();
    const senders = await Promise.all(SENDERS.map((email) => signIn(base, email)));

    const deadline = Date.now() + SECONDS * 1000;
    const ackedOrders = new Set<string>();
    const ackedMessages = new Set<number>();
    let failedRequests = 0;
    const post = (path: string, body: BodyInit, headers: Record<string, string>) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { origin: base, ...headers },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(5_000),
      });

    const buyer = async (n: number) => {
      for (let i = 0; Date.now() < deadline; i++) {
        try {
          const started = await post(
            '/api/doors/trpc/shop.startCheckout',
            JSON.stringify({
              json: { items: [{ variantId, quantity: 1 }], ...ADDRESS, email: `kill${n}.${i}@example.com` },
            }),
            { 'content-type': 'application/json' },
          );
          if (started.status !== 200) throw new Error(`startCheckout ${started.status}`);
          const { payUrl, orderNumber } = ((await started.json()) as Rpc).result!.data.json as {
            payUrl: string;
            orderNumber: string;
          };
          const url = new URL(payUrl, base);
          const paid = await post(
            url.pathname,
            new URLSearchParams({ token: url.searchParams.get('token')!, card: '4242424242424242' }),
            {},
          );
          await paid.arrayBuffer();
          if (paid.headers.get('location')?.startsWith('/ordersuccess')) ackedOrders.add(orderNumber);
          else throw new Error(`pay ${paid.status}`);
        } catch {
          failedRequests++;
          await sleep(50);
        }
      }
    };

    const sender = async (cookie: string, n: number) => {
      for (let i = 0; Date.now() < deadline; i++) {
        try {
          const res = await post(
            '/api/doors/trpc/messaging.send',
            JSON.stringify({
              json: { to: recipient.id, body: `kill-writes ${n}.${i}`, clientId: `kw-${n}-${i}` },
            }),
            { 'content-type': 'application/json', cookie },
          );
          if (res.status === 429) {
            // 30 messages a minute per sender: wait for the window, it is not a failure.
            await res.arrayBuffer();
            await sleep(1_000);
            continue;
          }
          if (res.status !== 200) throw new Error(`send ${res.status}`);
          const { message } = ((await res.json()) as Rpc).result!.data.json as { message: { id: number } };
          ackedMessages.add(message.id);
        } catch {
          failedRequests++;
          await sleep(50);
        }
      }
    };

    const killer = async () => {
      const killed: number[] = [];
      while (Date.now() + KILL_EVERY_MS < deadline) {
        await sleep(KILL_EVERY_MS);
        const pids = [...server.output().matchAll(/worker (\d+) serving/g)].map((m) => Number(m[1]));
        const pid = pids.at(-1);
        if (!pid || killed.includes(pid)) continue;
        process.kill(pid, 'SIGKILL');
        killed.push(pid);
      }
      return killed;
    };

    const [killed] = await Promise.all([
      killer(),
      ...Array.from({ length: BUYERS }, (_, n) => buyer(n)),
      ...senders.map((cookie, n) => sender(cookie, n)),
    ]);
    await waitForOk(`${base}/healthz`, 30_000, 1_000).catch((error: unknown) => {
      throw new Error(`the site did not come back after the last kill:\n${server.output().slice(-4000)}`, {
        cause: error,
      });
    });

    const orderNumbers = [...ackedOrders];
    const storedPaid = orderNumbers.length
      ? await check.db
          .selectFrom('orders')
          .select('number')
          .where('number', 'in', orderNumbers)
          .where('status', '=', 'paid')
          .execute()
      : [];
    const messageIds = [...ackedMessages];
    const storedMessages = messageIds.length
      ? await check.db.selectFrom('messages').select('id').where('id', 'in', messageIds).execute()
      : [];
    const totals = await sql<{ orders: number; paid: number; messages: number }>`
      SELECT (SELECT count(*)::int FROM orders WHERE email LIKE 'kill%') AS orders,
             (SELECT count(*)::int FROM orders WHERE email LIKE 'kill%' AND status = 'paid') AS paid,
             (SELECT count(*)::int FROM messages WHERE body LIKE 'kill-writes %') AS messages`.execute(
      check.db,
    );
    const t = totals.rows[0]!;
    const restarts = (server.output().match(/worker \d+ died/g) ?? []).length;
    console.log(
      [
        `kill-writes bench: ${SECONDS} s, ${BUYERS} buyers + ${SENDERS.length} senders on PostgreSQL under the supervisor`,
        `  worker SIGKILLs: ${killed.length}, restarts logged: ${restarts}; requests that failed or got no answer: ${failedRequests}`,
        `  orders: acknowledged paid ${orderNumbers.length}, of those stored as paid ${storedPaid.length}; in the database: ${t.orders} placed, ${t.paid} paid`,
        `  messages: acknowledged ${messageIds.length}, of those stored ${storedMessages.length}; in the database: ${t.messages}`,
      ].join('\n'),
    );
    if (storedPaid.length < orderNumbers.length || storedMessages.length < messageIds.length) {
      throw new Error('an acknowledged write is missing from the database');
    }
  } finally {
    await check.close();
    await server.stop();
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
