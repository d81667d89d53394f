import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  hydratesAtLoad,
  ISLANDS_WITHOUT_QUERY_CLIENT,
  MOUNTED_ISLANDS,
  needsQueryClient,
} from './island-loading';

const islandsDir = fileURLToPath(new URL('../islands', import.meta.url));
const islandNames = readdirSync(islandsDir)
  .filter((file) => file.endsWith('.tsx'))
  .map((file) => file.replace(/\.tsx$/, ''));

/** Every file and package a source file reaches through static and dynamic imports. */
function reachableImports(entry: string): { packages: Set<string>; dynamicTargets: Set<string> } {
  const packages = new Set<string>();
  const dynamicTargets = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string, viaDynamic: boolean) => {
    if (seen.has(file)) return;
    seen.add(file);
    if (viaDynamic) dynamicTargets.add(file);
    const source = readFileSync(file, 'utf8');
    const specifiers = [
      ...[...source.matchAll(/^\s*(?:import|export)\s(?!type\s)[^'"]*?from\s+'([^']+)'/gm)].map(
        (m) => [m[1]!, false] as const,
      ),
      ...[...source.matchAll(/^\s*import\s+'([^']+)'/gm)].map((m) => [m[1]!, false] as const),
      ...[...source.matchAll(/import\(\s*'([^']+)'\s*\)/g)].map((m) => [m[1]!, true] as const),
    ];
    for (const [specifier, dynamic] of specifiers) {
      if (!specifier.startsWith('.')) {
        if (!dynamic) packages.add(specifier);
        continue;
      }
      const base = resolve(dirname(file), specifier);
      const found = ['.ts', '.tsx', '/index.ts'].map((ext) => base + ext).find((path) => existsSync(path));
      // A dynamic import is a chunk of its own, loaded later: its packages are not the island's.
      if (found && !dynamic) visit(found, viaDynamic);
      else if (found) dynamicTargets.add(found);
    }
  };
  visit(resolve(islandsDir, entry), false);
  return { packages, dynamicTargets };
}

const usesReactQuery = (island: string) =>
  [...reachableImports(`${island}.tsx`).packages].some((p) => p.startsWith('@tanstack/react-query'));

describe('island loading rules', () => {
  it('name only islands that exist', () => {
    for (const name of [...MOUNTED_ISLANDS, ...ISLANDS_WITHOUT_QUERY_CLIENT])
      expect(islandNames).toContain(name);
  });

  it('wrap exactly the islands whose imports reach react-query in the QueryClient', () => {
    const expected = islandNames.filter(usesReactQuery).sort();
    expect(islandNames.filter(needsQueryClient).sort()).toEqual(expected);
  });

  it('hydrate every island at load but the mounted ones, whose own chunk holds neither React nor react-query', async () => {
    expect(islandNames.filter((name) => !hydratesAtLoad(name)).sort()).toEqual([...MOUNTED_ISLANDS].sort());
    for (const name of MOUNTED_ISLANDS) {
      const { packages } = reachableImports(`${name}.tsx`);
      expect([...packages].filter((p) => p.startsWith('react') || p.startsWith('@tanstack'))).toEqual([]);
      const module = (await import(`../islands/${name}.tsx`)) as { default?: unknown; mount?: unknown };
      expect(typeof module.mount, name).toBe('function');
      expect(module.default, name).toBeUndefined();
    }
  });

  it('the search box loads its combobox on first use, and the combobox loads react-query and tRPC later still', () => {
    const shell = reachableImports('SearchBox.tsx');
    expect([...shell.dynamicTargets].some((file) => file.endsWith('SearchBoxCombobox.tsx'))).toBe(true);
    const combobox = reachableImports('search-box/SearchBoxCombobox.tsx');
    expect([...combobox.packages].filter((p) => p.startsWith('@tanstack') || p.startsWith('@trpc'))).toEqual(
      [],
    );
    expect([...combobox.dynamicTargets].some((file) => file.endsWith('people-search-query.tsx'))).toBe(true);
  });

  it('the tracker renders nothing on the server', async () => {
    const { islands } = await import('../islands/registry');
    expect(islands.Tracker({ userId: null })).toBeNull();
  });
});
