/**
 * `npm run bench -- <name> [args]`: runs tests/bench/<name>.bench.ts with the remaining arguments
 * and this environment, and exits as it does. Without a name it prints the index
 * (tests/bench/README.md says what each bench measures, needs and takes); with a name that is not
 * a bench, the index and a non-zero exit.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { benchNames, benchNodeArgs, readmeIndex } from './bench-index';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function printIndex(names: string[]) {
  const index = readmeIndex();
  const width = Math.max(...names.map((name) => name.length));
  console.log('npm run bench -- <name> [args]   (what each needs and takes: tests/bench/README.md)\n');
  for (const name of names) console.log(`  ${name.padEnd(width)}  ${index.get(name) ?? ''}`);
}

const [name, ...args] = process.argv.slice(2);
const names = benchNames();
if (!name || !names.includes(name)) {
  if (name) console.error(`No bench named "${name}".\n`);
  printIndex(names);
  process.exitCode = name ? 1 : 0;
} else {
  const bench = spawn(process.execPath, benchNodeArgs(name, args), { cwd: ROOT, stdio: 'inherit' });
  // A stop meant for npm reaches only this process when it does not come from the terminal.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => bench.kill(signal));
  bench.on('exit', (code, signal) => {
    process.exitCode = code ?? (signal ? 1 : 0);
  });
}
