/**
 * `--workers N` (or BENCH_WORKERS=N) for the benches that start the app: N runs it as `npm start`
 * does, under api/process/supervisor.ts with WORKERS=N (on PostgreSQL `npm start` runs one worker per
 * core, docs/decisions/0038-several-workers-and-instances.md); undefined runs api/main.ts alone.
 */
export function workersOption(argv: string[], env: string | undefined): number | undefined {
  const at = argv.findIndex((arg) => arg === '--workers' || arg.startsWith('--workers='));
  const raw = at === -1 ? env : argv[at]!.includes('=') ? argv[at]!.split('=')[1] : argv[at + 1];
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--workers wants a whole number ≥ 1, not "${raw}"`);
  return n;
}

/** Whether the supervisor's log shows `workers` workers serving (it prints one line per worker). */
export function allWorkersServing(log: string, workers: number | undefined): boolean {
  return !workers || (log.match(/worker \d+ serving/g) ?? []).length >= workers;
}
