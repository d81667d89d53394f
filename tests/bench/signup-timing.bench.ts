/**
 * Sign-up timing benchmark (`npm run bench:signup-timing`), for finding 10: does answering a
 * sign-up for an address that already has an account take measurably less (or more) time than
 * for a new one? A difference is an account-enumeration oracle.
 *
 * Runs the real app in this process (no network noise) over a fresh database: PostgreSQL when
 * DATABASE_URL is set (its own database, dropped after), in-memory PGlite otherwise. Sends
 * SAMPLES sign-ups of each kind through tRPC, interleaved so that load and warm-up hit both alike,
 * each from its own address so the per-address sign-up limit never answers instead. Prints mean,
 * median and p95 for both and the difference of the means. Exits non-zero only when a request
 * fails; the figures are for the reader (timing varies with the machine's load).
 */
import { seedDatabase } from '../../db/seed/seed';
import { createTestApp } from '../factories/test-app';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 60);
const WARMUP = 6;

interface Stats {
  mean: number;
  sd: number;
  median: number;
  p95: number;
}

function statsOf(values: number[]): Stats {
  const sorted = [...values].sort((a, b) => a - b);
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  const sd = Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / Math.max(1, values.length - 1));
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return { mean, sd, median: at(0.5), p95: at(0.95) };
}

const ms = (v: number) => `${v.toFixed(2)} ms`;

async function main() {
  const t = await createTestApp({ TRUST_PROXY: 'true', LOG_LEVEL: 'silent' });
  try {
    await seedDatabase(t.db, { members: 2 });
    const registered = [
      'member@demo.campaignhq.test',
      'organization@demo.campaignhq.test',
      'vendor@demo.campaignhq.test',
    ];
    let counter = 0;
    const signUp = async (email: string) => {
      counter++;
      const ip = `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
      const started = performance.now();
      const res = await t.trpc(
        'accounts.signUp',
        {
          kind: 'individual',
          firstName: 'Bench',
          lastName: 'Mark',
          email,
          password: 'a-long-bench-passphrase',
        },
        { 'x-forwarded-for': ip },
      );
      const elapsed = performance.now() - started;
      if (res.status !== 200) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
      return elapsed;
    };
    const fresh = (i: number) => `bench.${Date.now().toString(36)}.${i}@example.org`;

    for (let i = 0; i < WARMUP; i++) await signUp(i % 2 ? registered[i % registered.length]! : fresh(-i - 1));
    const times = { registered: [] as number[], fresh: [] as number[] };
    for (let i = 0; i < SAMPLES; i++) {
      // Alternate which kind goes first, so neither always follows the other.
      const pair = [
        async () => times.registered.push(await signUp(registered[i % registered.length]!)),
        async () => times.fresh.push(await signUp(fresh(i))),
      ];
      if (i % 2) pair.reverse();
      for (const run of pair) await run();
    }

    const r = statsOf(times.registered);
    const f = statsOf(times.fresh);
    const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (in memory)';
    console.log(`Sign-up timing over ${database}, ${SAMPLES} sign-ups of each kind, in process:`);
    console.log(
      `  registered address: mean ${ms(r.mean)} (sd ${ms(r.sd)}), median ${ms(r.median)}, p95 ${ms(r.p95)}`,
    );
    console.log(
      `  new address:        mean ${ms(f.mean)} (sd ${ms(f.sd)}), median ${ms(f.median)}, p95 ${ms(f.p95)}`,
    );
    const diff = f.mean - r.mean;
    const stderr = Math.sqrt(r.sd ** 2 / SAMPLES + f.sd ** 2 / SAMPLES);
    console.log(
      `  mean difference (new − registered): ${ms(diff)} (${((diff / r.mean) * 100).toFixed(1)} %), ` +
        `median difference ${ms(f.median - r.median)}, standard error ${ms(stderr)}`,
    );
  } finally {
    await t.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
