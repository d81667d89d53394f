import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The benches `npm run bench -- <name>` runs: every tests/bench/<name>.bench.ts, named by its file,
 * so a new bench is reachable without a list to edit (docs/decisions/0084-one-bench-command.md).
 */
const BENCH_FOLDER = fileURLToPath(new URL('.', import.meta.url));
const SUFFIX = '.bench.ts';

/**
 * Node flags a bench needs beyond tsx's loader. The profiler talks to the server's inspector over
 * the WebSocket that Node 20 still keeps behind a flag.
 */
const NODE_FLAGS: Record<string, string[]> = { 'ssr-profile': ['--experimental-websocket'] };

export function benchNames(folder = BENCH_FOLDER): string[] {
  return readdirSync(folder)
    .filter((file) => file.endsWith(SUFFIX))
    .map((file) => file.slice(0, -SUFFIX.length))
    .sort();
}

/** `node` arguments that run bench `name` with `args`, from the repository root. */
export function benchNodeArgs(name: string, args: readonly string[]): string[] {
  return [...(NODE_FLAGS[name] ?? []), '--import', 'tsx', `tests/bench/${name}${SUFFIX}`, ...args];
}

/** The index in tests/bench/README.md: each table row's bench name and what it measures. */
export function readmeIndex(folder = BENCH_FOLDER): Map<string, string> {
  const readme = readFileSync(`${folder}/README.md`, 'utf8');
  const index = new Map<string, string>();
  for (const [, name, measures] of readme.matchAll(/^\| `([\w-]+)` \| ([^|]+) \|/gm)) {
    index.set(name!, measures!.trim());
  }
  return index;
}
