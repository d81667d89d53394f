/**
 * Giving throughput (`npm run bench -- donate`; needs DATABASE_URL, uses its own database).
 *
 * Runs the real Hono app in process over a fresh PostgreSQL database. 50 concurrent donors loop
 * for a fixed time through the path a browser and the provider take: GET /donate/{candidate} →
 * donations.startGift through tRPC (donor, headroom reservation, pending gift, pay URL) → the
 * provider's signed webhook (POST /api/payments/webhook, payment.succeeded) → paid, with receipt
 * email and the candidate's batched notification. Each loop is a new donor from its own address
 * (X-Forwarded-For, trusted here), so the per-address limit is paid for but never refuses.
 * Prints gifts/s end to end with p50/p99 per gift, then a limit race: one donor who already gave
 * $3,000 sends 50 gifts of $100 at once; exactly 5 must pass and the ledger must stay at $3,500.
 * Also a bare Hono plain-text app in process: the ceiling any route could reach here.
 *
 * Goal: ≥ 100 gifts/s. Missing it is reported; the process fails only when something breaks or
 * the money does not add up.
 */
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { loadConfig } from '../../api/platform/config';
import { outboxEmail } from '../../api/ports/email/outbox';
import { SIGNATURE_HEADER, signWebhook } from '../../api/ports/payments/test-gateway';
import { openDatabase } from '../../db/client';
import { devAssets } from '../../site/server/assets';
import { aCandidate, aGift } from '../factories/donations';
import { checkoutPlanOf } from '../factories/payables';
import { createTestDatabase } from '../factories/test-db';
import { percentile } from './bench-server';

const DONORS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const GOAL = 100;

async function main() {
  if (!process.env.DATABASE_URL) throw new Error('The donate bench needs DATABASE_URL (PostgreSQL).');
  // React's production build, as the production server runs it (this process's NODE_ENV decides
  // which build React loads, so the app is imported only now).
  process.env.NODE_ENV = 'production';
  const { createApp } = await import('../../api/app');
  const fresh = await createTestDatabase();
  // The production pool (db/client.ts: 10 connections), not the test factory's 5.
  const database = await openDatabase({ databaseUrl: fresh.url, dataDir: 'unused' });
  try {
    const config = loadConfig({
      NODE_ENV: 'test',
      APP_URL: 'http://localhost:3000',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
    });
    const app = createApp({ config, database, assets: devAssets(), email: outboxEmail() });
    const db = database.db;
    const candidate = await aCandidate(db);
    let addresses = 0;
    const nextAddress = () => {
      const a = ++addresses;
      return { 'x-forwarded-for': `10.${(a >> 16) & 255}.${(a >> 8) & 255}.${a & 255}` };
    };

    const startGift = async (input: unknown) => {
      const res = await app.request('/api/doors/trpc/donations.startGift', {
        method: 'POST',
        headers: { ...nextAddress(), origin: config.appUrl, 'content-type': 'application/json' },
        body: JSON.stringify({ json: input }),
      });
      const body = (await res.json()) as {
        result?: { data: { json: { reference: string; payUrl: string } } };
      };
      return { status: res.status, started: body.result?.data.json };
    };
    const payable = async (payUrl: string) => (await checkoutPlanOf(db, payUrl)).payable;
    const webhook = async (reference: string) => {
      const body = JSON.stringify({
        id: `evt_${randomUUID()}`,
        type: 'payment.succeeded',
        payable: { kind: 'donation', reference },
      });
      const res = await app.request('/api/payments/webhook', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: signWebhook(config.appSecret, body),
        },
        body,
      });
      return ((await res.json()) as { outcome: string }).outcome;
    };

    // Warm-up: JIT, connections, the page's first render.
    for (let i = 0; i < 20; i++) {
      const { started } = await startGift(aGift(candidate.handle, { lastName: `Warm${i}` }));
      await webhook((await payable(started!.payUrl)).reference);
    }

    const deadline = Date.now() + SECONDS * 1000;
    const latencies: number[] = [];
    let paidCents = 0;
    let n = 0;
    const donor = async () => {
      while (Date.now() < deadline) {
        const k = ++n;
        const t0 = performance.now();
        const page = await app.request(`/donate/${candidate.handle}`);
        if (page.status !== 200) throw new Error(`the donation page answered ${page.status}`);
        await page.text();
        const amountCents = 2_500 + (k % 4) * 2_500;
        const { status, started } = await startGift(
          aGift(candidate.handle, { amountCents, firstName: 'Bench', lastName: `Donor${k}`, zip: '43215' }),
        );
        if (status !== 200 || !started) throw new Error(`startGift answered ${status}`);
        const outcome = await webhook((await payable(started.payUrl)).reference);
        if (outcome !== 'paid') throw new Error(`the webhook answered ${outcome}`);
        latencies.push(performance.now() - t0);
        paidCents += amountCents;
      }
    };
    const t0 = performance.now();
    await Promise.all(Array.from({ length: DONORS }, donor));
    const seconds = (performance.now() - t0) / 1000;
    const paid = await db
      .selectFrom('donations')
      .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.sum<string>('amount_cents').as('cents')])
      .where('status', '=', 'paid')
      .where('last_name', 'like', 'Donor%')
      .executeTakeFirstOrThrow();
    if (Number(paid.n) !== latencies.length || Number(paid.cents) !== paidCents)
      throw new Error('paid gifts and their amounts do not add up');
    const rate = latencies.length / seconds;
    console.log(
      `donate: ${latencies.length} gifts paid in ${seconds.toFixed(1)} s with ${DONORS} concurrent donors = ${rate.toFixed(1)} gifts/s` +
        ` (page → startGift → webhook → paid; p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms; PostgreSQL, in-process)` +
        (rate >= GOAL ? '' : `  BELOW THE GOAL of ${GOAL}/s`),
    );

    // The limit race: $3,000 already given, then 50 gifts of $100 at once.
    const racer = {
      email: 'racer@example.test',
      firstName: 'Rae',
      lastName: 'Racer',
      employer: 'Acme',
      occupation: 'Engineer',
    };
    const first = await startGift(aGift(candidate.handle, { ...racer, amountCents: 300_000 }));
    await webhook((await payable(first.started!.payUrl)).reference);
    const race = await Promise.all(
      Array.from({ length: 50 }, () => startGift(aGift(candidate.handle, { ...racer, amountCents: 10_000 }))),
    );
    const passed = race.filter((r) => r.status === 200).length;
    const refused = race.filter((r) => r.status === 400).length;
    const ledger = await db
      .selectFrom('donation_ledger as l')
      .innerJoin('donors as d', 'd.id', 'l.donor_id')
      .select('l.committed_cents')
      .where('d.email_key', '=', racer.email)
      .where('l.candidate_id', '=', candidate.id)
      .executeTakeFirstOrThrow();
    console.log(
      `donate limit race: 50 × $100 after $3,000 from one donor → ${passed} passed, ${refused} refused, ledger $${(ledger.committed_cents / 100).toFixed(2)}`,
    );
    if (passed !== 5 || ledger.committed_cents !== 350_000)
      throw new Error('the limit race let the wrong number through');

    // The ceiling: a bare Hono app answering plain text (none of our middleware), in process like
    // the app above, 50 at a time for 3 s.
    const raw = new Hono().get('/', (c) => c.text('Hello, World!'));
    const textDeadline = Date.now() + 3_000;
    let texts = 0;
    const textLoop = async () => {
      while (Date.now() < textDeadline) {
        await (await raw.request('/')).text();
        texts++;
      }
    };
    const t1 = performance.now();
    await Promise.all(Array.from({ length: DONORS }, textLoop));
    const ceiling = texts / ((performance.now() - t1) / 1000);
    console.log(
      `donate: raw Hono plain text ceiling ${Math.round(ceiling)} requests/s (in-process); ` +
        `a gift (3 requests and the ledger) runs at ${((rate * 3) / ceiling).toFixed(4)} of it`,
    );
    await app.close();
  } finally {
    await database.close();
    await fresh.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
