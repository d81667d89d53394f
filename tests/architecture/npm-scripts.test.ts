import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every `tsx <file>` in package.json's scripts names a file that exists: a renamed or never-written
 * entry point (db:migrate once pointed at a missing db/migrate-cli.ts) otherwise only shows when
 * someone runs the command.
 */
const root = join(import.meta.dirname, '..', '..');
const scripts: Record<string, string> = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts;

describe('npm scripts', () => {
  const entries = Object.entries(scripts).flatMap(([name, command]) =>
    [...command.matchAll(/\btsx(?: watch)?(?: --[\w=-]+)*\s+([\w./-]+\.tsx?)/g)].map(
      (m) => [name, m[1]!] as const,
    ),
  );

  it('has tsx entry points to check', () => {
    // The pattern must still find them, the one bench command among them (tests/bench/run.ts).
    expect(entries.length).toBeGreaterThanOrEqual(10);
    expect(entries.map(([name]) => name)).toEqual(expect.arrayContaining(['start', 'db:migrate', 'bench']));
  });

  it.each(entries)('%s runs a file that exists (%s)', (_name, file) => {
    expect(existsSync(join(root, file))).toBe(true);
  });
});
