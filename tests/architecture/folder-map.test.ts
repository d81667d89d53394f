import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * README's folder map is how a new engineer finds things, so it must match the tree: every folder it
 * names exists, and every top-level folder and every folder under api/ and site/ is named in it.
 */
const repo = path.resolve(import.meta.dirname, '../..');
const readme = readFileSync(path.join(repo, 'README.md'), 'utf8');
const map = readme.slice(readme.indexOf('## Folder map')).split('```')[1] ?? '';

/** `api/` at column 0, `  modules/<domain>/` under it: folder paths as the map names them. */
function namedFolders(): string[] {
  const folders: string[] = [];
  let parent = '';
  for (const line of map.split('\n')) {
    const top = /^([\w.-]+(?:\/[\w.-]+)*)\//.exec(line);
    const nested = /^ {2}([\w.-]+(?:\/[\w.-]+)*)\//.exec(line);
    if (top) {
      parent = top[1]!;
      folders.push(parent);
    } else if (nested && parent) {
      folders.push(`${parent}/${nested[1]}`);
    }
  }
  return folders;
}

const IGNORED = new Set(['node_modules', 'dist', 'data', 'scratch', 'test-results', 'playwright-report']);
const subfolders = (dir: string) =>
  readdirSync(path.join(repo, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith('.') && !IGNORED.has(e.name))
    .map((e) => (dir === '.' ? e.name : `${dir}/${e.name}`));

describe("README's folder map", () => {
  const named = namedFolders();

  it('names only folders that exist', () => {
    expect(named.length).toBeGreaterThan(10);
    for (const folder of named) expect(existsSync(path.join(repo, folder)), folder).toBe(true);
  });

  it('names every top-level folder and every folder under api/ and site/', () => {
    const expected = [...subfolders('.'), ...subfolders('api'), ...subfolders('site')];
    for (const folder of expected) expect(named, folder).toContain(folder);
  });
});
