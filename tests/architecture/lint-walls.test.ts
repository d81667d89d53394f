import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The walls of docs/architecture.md are `noRestrictedImports` overrides in biome.json, and the
 * `node:async_hooks` ban is a plugin biome.json loads for every file. This lints the fixtures in
 * fixtures/walls/ (laid out as the repository is: `site/islands/…`, `api/modules/…`) with the
 * repository's own biome.json, in a scratch folder so the overrides match their paths, and expects
 * each `crosses-…` / `Crosses…` file to be refused once, each `uses-async-hooks…` / `UsesAsyncHooks…`
 * one to be refused for the ban, and each `allowed-…` / `Allowed…` one to pass.
 */
const repo = path.resolve(import.meta.dirname, '../..');
const fixtures = path.join(import.meta.dirname, 'fixtures/walls');
const REFUSALS = new Set(['lint/style/noRestrictedImports', 'plugin']);
const ASYNC_HOOKS_BAN = 'docs/decisions/0045-no-async-local-storage.md';

interface Diagnostic {
  category: string;
  message: string;
  location: { path: string };
}

function listFixtures(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(prefix, entry.name);
    return entry.isDirectory() ? listFixtures(path.join(dir, entry.name), relative) : [relative];
  });
}

let scratch: string;
let refusedBy: Map<string, string[]>;

beforeAll(() => {
  scratch = mkdtempSync(path.join(tmpdir(), 'walls-'));
  const config = JSON.parse(readFileSync(path.join(repo, 'biome.json'), 'utf8'));
  delete config.$schema;
  config.files = { includes: ['**'] };
  config.plugins = config.plugins.map((plugin: string) => path.resolve(repo, plugin));
  writeFileSync(path.join(scratch, 'biome.json'), JSON.stringify(config));
  cpSync(fixtures, scratch, { recursive: true });
  let output: string;
  try {
    output = execFileSync(path.join(repo, 'node_modules/.bin/biome'), ['lint', '--reporter=json', '.'], {
      cwd: scratch,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch (error) {
    // Biome exits 1 when it reports an error, which the bad fixtures are there to cause.
    output = (error as { stdout: string }).stdout;
  }
  const report = JSON.parse(output.slice(output.indexOf('{'))) as { diagnostics: Diagnostic[] };
  refusedBy = new Map();
  for (const d of report.diagnostics.filter((d) => REFUSALS.has(d.category))) {
    refusedBy.set(d.location.path, [...(refusedBy.get(d.location.path) ?? []), d.message]);
  }
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const files = listFixtures(fixtures);

describe('the walls hold in npm run lint', () => {
  it('has fixtures for every wall', () => {
    for (const wall of ['site/islands', 'site/lib', 'site/components', 'admin-console', 'api/contract']) {
      expect(files.some((f) => f.startsWith(wall) && /crosses/i.test(f))).toBe(true);
    }
    for (const wall of [
      'api/modules',
      'api/ports',
      'api/platform',
      'api/doors',
      'site/routes',
      'db',
      'migrations',
      'tests/e2e',
    ]) {
      expect(files.some((f) => f.startsWith(wall) && /crosses/i.test(f))).toBe(true);
    }
  });

  for (const file of files.filter((f) => /crosses/i.test(path.basename(f)))) {
    it(`refuses ${file}`, () => {
      expect(refusedBy.get(file)).toHaveLength(1);
    });
  }

  for (const file of files.filter((f) => /allowed/i.test(path.basename(f)))) {
    it(`accepts ${file}`, () => {
      expect(refusedBy.get(file)).toBeUndefined();
    });
  }
});

describe('node:async_hooks is refused everywhere in npm run lint', () => {
  const users = files.filter((f) => /uses-?async-?hooks/i.test(path.basename(f)));

  it('has a fixture in every top-level folder of code', () => {
    for (const folder of ['site/', 'admin-console/', 'api/', 'db/', 'migrations/', 'tests/']) {
      expect(
        users.some((f) => f.startsWith(folder)),
        folder,
      ).toBe(true);
    }
  });

  for (const file of users) {
    it(`refuses ${file}`, () => {
      expect(refusedBy.get(file)?.some((message) => message.includes(ASYNC_HOOKS_BAN))).toBe(true);
    });
  }
});
