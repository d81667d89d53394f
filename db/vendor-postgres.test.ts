import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * db/vendor/postgres is postgres.js 3.4.9 plus the dropped-connection patches (docs/decisions/0012-runtime-survives-database-and-safe-defaults.md).
 * When the installed package moves, the copy must be redone on the new version or dropped.
 */
// The package exports only its entry points: its CommonJS entry is <root>/cjs/src/index.js.
const installedRoot = join(dirname(createRequire(import.meta.url).resolve('postgres')), '..', '..');
const vendored = join(import.meta.dirname, 'vendor', 'postgres');

describe('the patched postgres.js copy', () => {
  it('is based on the installed version', () => {
    const pkg = JSON.parse(readFileSync(join(installedRoot, 'package.json'), 'utf8')) as { version: string };
    expect(pkg.version, 're-apply db/vendor/postgres/README.md on the new version, or drop the copy').toBe(
      '3.4.9',
    );
  });

  it('changes only the files the README lists', () => {
    for (const file of [
      'bytes.js',
      'errors.js',
      'large.js',
      'query.js',
      'result.js',
      'subscribe.js',
      'types.js',
    ]) {
      expect(readFileSync(join(vendored, file), 'utf8'), file).toBe(
        readFileSync(join(installedRoot, 'src', file), 'utf8'),
      );
    }
  });
});
