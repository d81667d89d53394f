/**
 * This checkout against another commit's, in one run on one machine
 * (`npm run bench -- paired-commits --baseline <dir>`; needs `npm run build` in both checkouts).
 *
 * `<dir>` is a second checkout of the commit to compare with, with its node_modules and its own
 * `npm run build`. Both production servers start side by side, each on fresh demo data of its own
 * (a database of its own on the PostgreSQL server of DATABASE_URL, or its own PGlite DATA_DIR), the
 * way that commit seeds it. Each target (by default the signed-in `/settings`, `/messaging` and
 * `/notifications`; `BENCH_ONLY=…` chooses others by name, as in `npm run bench -- ssr`) gets a
 * warm-up on each side, then BENCH_ROUNDS (default 5) rounds of a 4 s slice of each side at 100
 * connections, new then old in odd rounds and old then new in even ones (the ceiling rounds of
 * docs/decisions/0051-paired-ceiling-rounds.md, with the other commit in the ceiling's place).
 * A target's figures are those of the round with the median new/old ratio; p99 is each side's worst
 * round.
 *
 * Goal (issue 43, docs/decisions/0084-one-bench-command.md): signed-in pages at least half of the
 * baseline's req/s. A missed goal is reported, not an error; the process exits non-zero only when
 * something breaks. `--workers N` (or BENCH_WORKERS=N) runs both under their supervisors;
 * BENCH_PORT (default 3260) is the new server's port and the next one the old server's.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Result } from 'autocannon';
import { ACCEPT_ENCODING, CONNECTIONS, load } from './page-load';
import { BenchError, type ProductionServer, startProductionServer } from './production-server';
import { onlyTargets, ssrTargets, type Target } from './ssr-targets';
import { workersOption } from './workers-option';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PORT = Number(process.env.BENCH_PORT ?? 3260);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const WARMUP_SECONDS = 3;
const SLICE_SECONDS = 4;
/** Signed-in pages keep at least this share of the baseline's throughput (issue 43). */
const SIGNED_IN_RATIO_GOAL = 0.5;

function baselineOption(argv: string[]): string {
  const at = argv.findIndex((arg) => arg === '--baseline' || arg.startsWith('--baseline='));
  const dir = at === -1 ? undefined : argv[at]!.includes('=') ? argv[at]!.split('=')[1] : argv[at + 1];
  if (!dir) throw new BenchError('Name the checkout to compare with: --baseline <dir>.');
  return resolve(dir);
}

function assertServable(checkout: string) {
  const prepare =
    `prepare it with: git worktree add --detach ${checkout} <commit>; ` +
    `ln -s ${ROOT}node_modules ${checkout}/node_modules; (cd ${checkout} && npm run build)`;
  if (!existsSync(resolve(checkout, 'api/main.ts')))
    throw new BenchError(`${checkout} is not a checkout: ${prepare}`);
  if (!existsSync(resolve(checkout, 'node_modules')))
    throw new BenchError(`${checkout} has no node_modules: ${prepare}`);
  if (!existsSync(resolve(checkout, 'dist/client/.vite/manifest.json'))) {
    throw new BenchError(`${checkout} has no client build: run "npm run build" there.`);
  }
}

/** The commit a checkout is at, and whether it has changes of its own, for the closing note. */
function commitOf(checkout: string): string {
  try {
    const git = (...args: string[]) =>
      execFileSync('git', ['-C', checkout, ...args], { encoding: 'utf8' }).trim();
    const commit = git('rev-parse', '--short', 'HEAD');
    const changed = git('status', '--porcelain', '--untracked-files=no') !== '';
    return changed ? `${commit} with uncommitted changes` : commit;
  } catch {
    return 'not a git checkout';
  }
}

/** Both servers, or neither: one that started is stopped when the other fails. */
async function startBoth(
  options: { databaseUrl?: string; workers?: number },
  baseline: string,
): Promise<[ProductionServer, ProductionServer]> {
  const started = await Promise.allSettled([
    startProductionServer({ ...options, port: PORT, label: 'new' }),
    startProductionServer({ ...options, checkout: baseline, port: PORT + 1, label: 'old' }),
  ]);
  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await Promise.all(servers.map((server) => server.stop()));
    throw failed.reason;
  }
  return servers as [ProductionServer, ProductionServer];
}

interface Side {
  url: string;
  cookie?: string;
}

interface Round {
  current: Result;
  baseline: Result;
  ratio: number;
}

async function measureSideBySide(name: string, current: Side, baseline: Side): Promise<Round[]> {
  process.stdout.write(`  ${name}: warm-up ${WARMUP_SECONDS} s each… `);
  await load(current.url, current.cookie, WARMUP_SECONDS, true);
  await load(baseline.url, baseline.cookie, WARMUP_SECONDS, true);
  const slice = (side: Side) => load(side.url, side.cookie, SLICE_SECONDS);
  const rounds: Round[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    process.stdout.write(`round ${i + 1}… `);
    // The order alternates, so a machine that speeds up or slows down through a round favours
    // neither commit on average.
    let newer: Result;
    let older: Result;
    if (i % 2 === 0) {
      newer = await slice(current);
      older = await slice(baseline);
    } else {
      older = await slice(baseline);
      newer = await slice(current);
    }
    rounds.push({ current: newer, baseline: older, ratio: newer.requests.average / older.requests.average });
  }
  process.stdout.write('done\n');
  return rounds;
}

function report(target: Target, rounds: Round[]): string {
  const median = [...rounds].sort((a, b) => a.ratio - b.ratio)[Math.floor(rounds.length / 2)]!;
  const worst = (side: 'current' | 'baseline') => Math.max(...rounds.map((r) => r[side].latency.p99));
  const timeouts = (side: 'current' | 'baseline') => rounds.reduce((sum, r) => sum + r[side].timeouts, 0);
  const figures = (side: 'current' | 'baseline') =>
    `${median[side].requests.average.toFixed(0).padStart(7)} req/s  p99 ${String(worst(side)).padStart(5)} ms` +
    (timeouts(side) ? ` (${timeouts(side)} timeouts)` : '');
  let verdict = '';
  if (target.goal === 'signed-in') {
    const met = timeouts('current') === 0 && median.ratio >= SIGNED_IN_RATIO_GOAL;
    verdict = `   ${met ? 'MET' : 'NOT MET'} (≥ ${SIGNED_IN_RATIO_GOAL} × old)`;
  }
  return (
    `  ${target.name.padEnd(24)} new ${figures('current')}   old ${figures('baseline')}   ` +
    `new/old ${median.ratio.toFixed(2)}   rounds: ${rounds.map((r) => r.ratio.toFixed(2)).join(', ')}${verdict}`
  );
}

async function main() {
  const baseline = baselineOption(process.argv.slice(2));
  assertServable(ROOT);
  assertServable(baseline);
  const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
  const workers = workersOption(process.argv.slice(2), process.env.BENCH_WORKERS);
  if (workers && !databaseUrl) throw new BenchError('--workers needs DATABASE_URL (PGlite runs one worker).');
  const engine = databaseUrl ? 'PostgreSQL' : 'PGlite';
  const processes = workers ? `, ${workers} worker${workers > 1 ? 's' : ''} each under its supervisor` : '';
  console.log(
    `Paired commits: ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SLICE_SECONDS} s per side after ${WARMUP_SECONDS} s ` +
      `warm-up, ${ACCEPT_ENCODING ? `Accept-Encoding: ${ACCEPT_ENCODING}` : 'no Accept-Encoding'}, ${engine}${processes}`,
  );
  const startedAt = Date.now();
  const [current, old] = await startBoth({ databaseUrl, workers }, baseline);
  try {
    console.log(`  new: ${ROOT.replace(/\/$/, '')} (${commitOf(ROOT)}) at ${current.base}, ${current.data}`);
    console.log(`  old: ${baseline} (${commitOf(baseline)}) at ${old.base}, ${old.data}`);
    console.log(`Servers ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s\n`);

    const signedIn = (target: Target) => target.goal === 'signed-in';
    const oldTargets = await ssrTargets(old.base);
    const targets = onlyTargets(await ssrTargets(current.base), process.env.BENCH_ONLY, signedIn);
    const lines: string[] = [];
    for (const target of targets) {
      const counterpart = oldTargets.find((t) => t.name === target.name)!;
      try {
        const rounds = await measureSideBySide(
          target.name,
          { url: `${current.base}${target.path}`, cookie: target.cookie },
          { url: `${old.base}${counterpart.path}`, cookie: counterpart.cookie },
        );
        lines.push(report(target, rounds));
      } catch (error) {
        if (!(error instanceof BenchError)) throw error;
        process.stdout.write(`failed: ${error.message}\n`);
        lines.push(`  ${target.name.padEnd(24)} FAILED: ${error.message}`);
        process.exitCode = 1;
      }
    }
    console.log(
      `\nResults (${engine}${processes}; each side's req/s from the round with the median new/old, ` +
        `p99 the worst of its rounds)`,
    );
    for (const line of lines) console.log(line);
  } finally {
    await Promise.all([current.stop(), old.stop()]);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof BenchError ? `\nBenchmark failed: ${error.message}` : error);
  process.exitCode = 1;
});
