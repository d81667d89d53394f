import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { benchNames, benchNodeArgs, readmeIndex } from '../bench/bench-index';

/**
 * `npm run bench -- <name>` is the one way to run a bench (docs/decisions/0084-one-bench-command.md):
 * every tests/bench/*.bench.ts answers to its name, tests/bench/README.md lists each one, and
 * nothing in the repository still points at the `bench:<name>` scripts it replaced.
 */
const repo = path.resolve(import.meta.dirname, '../..');
const names = benchNames();
const runBench = (args: string[]) =>
  execFileSync(process.execPath, ['--import', 'tsx', 'tests/bench/run.ts', ...args], {
    cwd: repo,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });

describe('npm run bench', () => {
  it('finds the benches by their files', () => {
    expect(names).toContain('ssr');
    expect(names).toContain('ssr-profile');
    expect(names.length).toBeGreaterThan(15);
  });

  it.each(names)('runs %s from its own file', (name) => {
    const file = benchNodeArgs(name, []).find((arg) => arg.endsWith('.bench.ts'));
    expect(file).toBe(`tests/bench/${name}.bench.ts`);
    expect(existsSync(path.join(repo, file!))).toBe(true);
  });

  it('passes the arguments after the name to the bench, and node flags only where one needs them', () => {
    expect(benchNodeArgs('ssr', ['--workers', '2']).slice(-3)).toEqual([
      'tests/bench/ssr.bench.ts',
      '--workers',
      '2',
    ]);
    expect(benchNodeArgs('ssr-profile', [])).toContain('--experimental-websocket');
    expect(benchNodeArgs('ssr', [])).not.toContain('--experimental-websocket');
  });

  it('prints every bench by name when called without one', () => {
    const printed = runBench([]);
    for (const name of names) expect(printed).toMatch(new RegExp(`^  ${name} `, 'm'));
  });

  it('refuses a name that is not a bench, with the index', () => {
    let failure: { status: number; stdout: string; stderr: string } | undefined;
    try {
      runBench(['no-such-bench']);
    } catch (error) {
      failure = error as typeof failure;
    }
    expect(failure?.status).toBe(1);
    expect(failure?.stderr).toContain('No bench named "no-such-bench"');
    expect(failure?.stdout).toMatch(/^ {2}ssr /m);
  });

  it('is the only bench script in package.json', () => {
    const scripts: Record<string, string> = JSON.parse(
      readFileSync(path.join(repo, 'package.json'), 'utf8'),
    ).scripts;
    expect(scripts.bench).toBe('tsx tests/bench/run.ts');
    expect(Object.keys(scripts).filter((name) => name.startsWith('bench:'))).toEqual([]);
  });
});

describe('tests/bench/README.md', () => {
  const index = readmeIndex();

  it('has a row for every bench, saying what it measures', () => {
    for (const name of names) expect(index.get(name), name).toMatch(/\w{3}/);
  });

  it('lists no bench that does not exist', () => {
    expect([...index.keys()].filter((name) => !names.includes(name))).toEqual([]);
  });
});

/** Files a reader or a script would take a bench command from. */
function textFiles(dir: string): string[] {
  return readdirSync(path.join(repo, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : textFiles(relative);
    return /\.(ts|tsx|md|json|sh)$|^run$/.test(entry.name) ? [relative] : [];
  });
}

describe('mentions of the bench scripts', () => {
  const files = [
    'README.md',
    'package.json',
    ...['.ci', 'api', 'site', 'db', 'docs', 'tests'].flatMap(textFiles),
  ];

  it('use npm run bench -- <name>', () => {
    // Decision records keep in their prose the script names of their day; a command to copy is
    // in the form that runs.
    const stale = files.filter((file) => {
      const text = readFileSync(path.join(repo, file), 'utf8');
      const oldCommand = /npm run bench:[a-z]/;
      const oldName = /(?<![\w-])bench:[a-z]/;
      return oldCommand.test(text) || (!file.startsWith('docs/decisions/') && oldName.test(text));
    });
    expect(stale).toEqual([]);
  });
});
