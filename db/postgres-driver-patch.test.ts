import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { driverPatch, driverPatchProblems } from './postgres-driver-patch';

/**
 * postgres.js as installed carries patches/postgres+<version>.patch, applied by patch-package at
 * install (docs/decisions/0085-postgres-driver-patched-at-install.md). When the package moves to
 * another version, the patch is redone on it, or dropped once a release carries the fixes
 * (db/client-dropped-connection.postgres.test.ts says whether it does).
 */
describe('the postgres.js patch', () => {
  it('is applied to the installed version, in the files an ESM import loads', () => {
    expect(driverPatchProblems()).toEqual([]);
  });

  it('is for the version package.json pins', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(pkg.dependencies.postgres).toBe(driverPatch().version);
  });

  it('names the upstream issues it works around', () => {
    expect(driverPatch().text).toContain('upstream #1066 #1154 #1208');
  });
});
