/**
 * Sign-up timing benchmark (`npm run bench -- signup-timing`), for finding 10: does answering a
 * sign-up for an address that already has an account take measurably less (or more) time than
 * for a new one? A difference is an account-enumeration oracle.
 *
 * Runs the real app in this process (no network noise) over a fresh database: PostgreSQL when
 * DATABASE_URL is set (its own database, dropped after), in-memory PGlite otherwise. Two series,
 * each with SAMPLES sign-ups of both kinds, interleaved so that load and warm-up hit both alike:
 * - the answer: accounts.signUp through tRPC, what a caller sees (with the answer floor);
 * - the work: createAccountOrNotify alone (no rate limit, no floor; the outbox adapter the app
 *   uses here), what the floor must cover.
 * Each sign-up comes from its own address, so the per-address sign-up limit never answers instead.
 * Prints mean, median and p95 for both kinds and the difference of the means. Exits non-zero only
 * when a request fails; the figures are for the reader (timing varies with the machine's load).
 */
import { createAccountOrNotify, SIGN_UP_FLOOR_MS } from '../../api/modules/accounts/service';
import { outboxEmail } from '../../api/ports/email/outbox';
import { seedDatabase } from '../../api/seed/seed';
import { createTestApp, type TestApp } from '../factories/test-app';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 60);
const WARMUP = 6;
const REGISTERED = [
  'member@demo.campaignhq.test',
  'organization@demo.campaignhq.test',
  'vendor@demo.campaignhq.test',
];

type SignUpTimer = (email: string) => Promise<number>;

function statsOf(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  const sd = Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / Math.max(1, values.length - 1));
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return { mean, sd, median: at(0.5), p95: at(0.95) };
}

const ms = (v: number) => `${v.toFixed(2)} ms`;
const input = (email: string) => ({
  kind: 'individual' as const,
  firstName: 'Bench',
  lastName: 'Mark',
  email,
  password: 'a-long-bench-passphrase',
});

let series = 0;
async function measure(label: string, timeOne: SignUpTimer) {
  series++;
  const fresh = (i: number) => `bench.${series}.${Date.now().toString(36)}.${i}@example.org`;
  for (let i = 0; i < WARMUP; i++) await timeOne(i % 2 ? REGISTERED[i % REGISTERED.length]! : fresh(-i - 1));
  const times = { registered: [] as number[], fresh: [] as number[] };
  for (let i = 0; i < SAMPLES; i++) {
    // Alternate which kind goes first, so neither always follows the other.
    const pair = [
      async () => times.registered.push(await timeOne(REGISTERED[i % REGISTERED.length]!)),
      async () => times.fresh.push(await timeOne(fresh(i))),
    ];
    if (i % 2) pair.reverse();
    for (const run of pair) await run();
  }
  const r = statsOf(times.registered);
  const f = statsOf(times.fresh);
  const diff = f.mean - r.mean;
  const stderr = Math.sqrt(r.sd ** 2 / SAMPLES + f.sd ** 2 / SAMPLES);
  console.log(label);
  console.log(
    `  registered address: mean ${ms(r.mean)} (sd ${ms(r.sd)}), median ${ms(r.median)}, p95 ${ms(r.p95)}`,
  );
  console.log(
    `  new address:        mean ${ms(f.mean)} (sd ${ms(f.sd)}), median ${ms(f.median)}, p95 ${ms(f.p95)}`,
  );
  console.log(
    `  mean difference (new − registered): ${ms(diff)}, median difference ${ms(f.median - r.median)}, ` +
      `standard error of the difference ${ms(stderr)}`,
  );
}

function answerTimer(t: TestApp): SignUpTimer {
  let counter = 0;
  return async (email) => {
    counter++;
    const ip = `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
    const started = performance.now();
    const res = await t.trpc('accounts.signUp', input(email), { 'x-forwarded-for': ip });
    const elapsed = performance.now() - started;
    if (res.status !== 200) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
    return elapsed;
  };
}

function workTimer(t: TestApp): SignUpTimer {
  const deps = { db: t.db, email: outboxEmail(), appUrl: t.config.appUrl, ip: '10.255.255.255' };
  return async (email) => {
    const started = performance.now();
    await createAccountOrNotify(deps, input(email));
    return performance.now() - started;
  };
}

async function main() {
  const t = await createTestApp({ TRUST_PROXY: 'true', LOG_LEVEL: 'silent' });
  try {
    await seedDatabase(t.db, { members: 2 });
    const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (in memory)';
    console.log(`Sign-up timing over ${database}, ${SAMPLES} sign-ups of each kind per series, in process.`);
    await measure(`The answer (accounts.signUp through tRPC, floor ${SIGN_UP_FLOOR_MS} ms):`, answerTimer(t));
    await measure('The work under the floor (createAccountOrNotify):', workTimer(t));
  } finally {
    await t.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
