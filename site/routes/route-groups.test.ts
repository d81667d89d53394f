import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The shape every route group keeps (docs/decisions/0018-walls-in-the-tree.md): a folder under site/routes/ whose index.ts exports
 * a register…Routes(app) function as its URL map; site/routes/index.ts only calls them. A page file
 * left at the top, or a folder without its map, fails here before it grows into a second shape.
 */
const ROUTES_DIR = import.meta.dirname;
const entries = readdirSync(ROUTES_DIR);
const groups = entries.filter((name) => statSync(join(ROUTES_DIR, name)).isDirectory());

describe('site/routes route groups', () => {
  it('has no page file at the top besides index.ts (and tests)', () => {
    const strays = entries.filter(
      (name) => /\.tsx?$/.test(name) && name !== 'index.ts' && !/\.test\.tsx?$/.test(name),
    );
    expect(strays).toEqual([]);
  });

  it('finds the groups', () => {
    expect(groups.length).toBeGreaterThan(5);
  });

  it.each(groups)('%s/index.ts exports a register…Routes function first', (group) => {
    const indexPath = join(ROUTES_DIR, group, 'index.ts');
    expect(existsSync(indexPath), `site/routes/${group} has no index.ts`).toBe(true);
    const source = readFileSync(indexPath, 'utf8');
    const exported = [...source.matchAll(/^export (?:async )?function (\w+)/gm)].map((m) => m[1]);
    expect(exported.length, `${group}/index.ts exports no function`).toBeGreaterThan(0);
    expect(exported[0]).toMatch(/^register\w*Routes$/);
    // The URL map comes first in the file: nothing but imports before it.
    const beforeFirst = source.slice(0, source.search(/^(\/\*\*[\s\S]*?\*\/\n)?export function/m));
    expect(beforeFirst.replace(/^import[\s\S]*?;\n/gm, '').trim()).toBe('');
  });

  it('calls every group from site/routes/index.ts', () => {
    const root = readFileSync(join(ROUTES_DIR, 'index.ts'), 'utf8');
    for (const group of groups) expect(root, group).toContain(`from './${group}'`);
  });
});
