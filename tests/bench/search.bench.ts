/**
 * People search benchmark (`npm run bench -- search`; needs DATABASE_URL, PostgreSQL).
 *
 * Creates its own database next to the one DATABASE_URL names, seeds 100,000 and then
 * 1,000,000 generated members, and at each size measures searchUsersByName's service
 * (`searchPeople`, 8 results) over realistic queries — exact names, typos, partial words,
 * single surnames, organization words — against the naive `ILIKE '%q%'` scan with no index.
 * Prints p50/p95 latencies, the ratio and the typo recall (the person the query was made from,
 * or a namesake, is among the 8 results). The database is dropped at the end, even on failure.
 *
 * Goal: p95 ≤ 20 ms at 1M members. Missing it is reported, not an error.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import postgres from 'postgres';
import { searchPeople } from '../../api/modules/people/search';
import { memberAt, mulberry32 } from '../../api/seed/members';
import { seedDatabase } from '../../api/seed/seed';
import { openDatabase } from '../../db/client';
import { migrateToLatest } from '../../db/migrate';

const SIZES = (process.env.BENCH_SIZES ?? '100000,1000000').split(',').map(Number);
const QUERIES = 500;
const NAIVE_QUERIES = 60;
// Enough to bring the users table's hot pages into memory after the bulk load, as in steady use.
const WARMUP = 200;
const GOAL_P95_MS = 20;

interface Probe {
  query: string;
  kind: 'exact' | 'typo' | 'partial' | 'surname' | 'organization' | 'short';
  /** The display name the query was made from: a hit when a result carries it. */
  target: string;
}

const displayName = (m: ReturnType<typeof memberAt>) => m.org_name ?? `${m.first_name} ${m.last_name}`;

/** One realistic typo: a dropped, doubled, swapped or replaced letter inside the word. */
function typo(word: string, rand: () => number): string {
  if (word.length < 4) return word;
  const i = 1 + Math.floor(rand() * (word.length - 2));
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  switch (Math.floor(rand() * 4)) {
    case 0:
      return word.slice(0, i) + word.slice(i + 1);
    case 1:
      return word.slice(0, i) + word[i] + word.slice(i);
    case 2:
      return word.slice(0, i - 1) + word[i] + word[i - 1] + word.slice(i + 1);
    default:
      return word.slice(0, i) + letters[Math.floor(rand() * 26)] + word.slice(i + 1);
  }
}

function probes(members: number, count: number, seed: number): Probe[] {
  const rand = mulberry32(seed);
  const out: Probe[] = [];
  while (out.length < count) {
    const m = memberAt(Math.floor(rand() * members));
    if (m.blocked_at) continue;
    const target = displayName(m);
    const words = target.toLowerCase().split(/\s+/);
    const r = rand();
    if (m.org_name) {
      const significant = words.filter((w) => w.length > 3);
      out.push({ query: significant.slice(0, 2).join(' '), kind: 'organization', target });
    } else if (r < 0.3) out.push({ query: words.join(' '), kind: 'exact', target });
    else if (r < 0.6)
      out.push({
        query: words.map((w, i) => (i === (r < 0.45 ? 0 : 1) ? typo(w, rand) : w)).join(' '),
        kind: 'typo',
        target,
      });
    else if (r < 0.8)
      out.push({
        query: `${words[0]} ${words[1]?.slice(0, 2 + Math.floor(rand() * 3))}`,
        kind: 'partial',
        target,
      });
    else if (r < 0.95) out.push({ query: words[words.length - 1]!, kind: 'surname', target });
    else out.push({ query: words[0]!.slice(0, 2), kind: 'short', target });
  }
  return out;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main() {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl)
    throw new Error(
      'The search bench needs DATABASE_URL (PostgreSQL), e.g. postgres://postgres@127.0.0.1:5432/postgres',
    );
  const name = `campaign_bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: 'unused', maxConnections: 2 });
  const table: string[][] = [];
  try {
    await migrateToLatest(handle.db);
    for (const size of SIZES) {
      const started = performance.now();
      await seedDatabase(handle.db, { members: size });
      const seedSeconds = ((performance.now() - started) / 1000).toFixed(1);
      await sql`VACUUM ANALYZE`.execute(handle.db);
      const tokens = await sql<{ n: number }>`SELECT count(*)::int AS n FROM name_tokens`.execute(handle.db);
      console.log(
        `seeded ${size.toLocaleString('en-US')} members in ${seedSeconds} s; ${tokens.rows[0]!.n} name tokens`,
      );

      const list = probes(size, QUERIES + WARMUP, size);
      const times: number[] = [];
      let hits = 0;
      let typoProbes = 0;
      let typoHits = 0;
      for (const [i, probe] of list.entries()) {
        const t = performance.now();
        const { people } = await searchPeople(handle.db, { query: probe.query, viewerId: null, limit: 8 });
        const ms = performance.now() - t;
        if (i < WARMUP) continue;
        times.push(ms);
        const hit = people.some((p) => (p.orgName ?? `${p.firstName} ${p.lastName}`) === probe.target);
        if (probe.kind !== 'short' && probe.kind !== 'surname' && hit) hits += 1;
        if (probe.kind === 'typo') {
          typoProbes += 1;
          if (hit) typoHits += 1;
        }
      }
      const findable = list.slice(WARMUP).filter((p) => p.kind !== 'short' && p.kind !== 'surname').length;

      const naive: number[] = [];
      for (const probe of list.slice(WARMUP, WARMUP + NAIVE_QUERIES)) {
        const pattern = `%${probe.query.replace(/[%_\\]/g, '\\$&')}%`;
        const t = performance.now();
        await sql`SELECT id, first_name, last_name, org_name, profile_image FROM users
          WHERE blocked_at IS NULL AND (concat_ws(' ', first_name, last_name) ILIKE ${pattern} OR org_name ILIKE ${pattern})
          LIMIT 8`.execute(handle.db);
        naive.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      naive.sort((a, b) => a - b);
      const p95 = percentile(times, 95);
      table.push([
        size.toLocaleString('en-US'),
        percentile(times, 50).toFixed(1),
        p95.toFixed(1),
        percentile(naive, 50).toFixed(1),
        percentile(naive, 95).toFixed(1),
        `${(percentile(naive, 95) / p95).toFixed(0)}x`,
        `${((100 * hits) / findable).toFixed(0)} %`,
        `${((100 * typoHits) / typoProbes).toFixed(0)} %`,
      ]);
    }
  } finally {
    await handle.close();
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }

  const header = [
    'members',
    'p50 ms',
    'p95 ms',
    'naive p50',
    'naive p95',
    'p95 ratio',
    'found',
    'typo found',
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padStart(widths[i]!)).join(' | ')} |`;
  console.log(`\nsearchUsersByName (${QUERIES} queries each; naive ILIKE: ${NAIVE_QUERIES})`);
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of table) console.log(line(row));
  const last = table[table.length - 1];
  if (last) {
    const p95 = Number(last[2]);
    console.log(
      p95 <= GOAL_P95_MS
        ? `\nGoal met: p95 ${p95} ms ≤ ${GOAL_P95_MS} ms at ${last[0]} members.`
        : `\nGoal missed: p95 ${p95} ms > ${GOAL_P95_MS} ms at ${last[0]} members.`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
