import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** Which files a page links: the stylesheet always, the client entry only when islands render. */
export interface AssetResolver {
  stylesheets: string[];
  /** Script entry plus preloads for the islands a page used; null when the page has none. */
  scriptsFor(islands: readonly string[]): { entry: string; preloads: string[] } | null;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

export const CLIENT_ENTRY = 'site/client.ts';
export const STYLES_ENTRY = 'site/styles/main.css';
export const islandSource = (name: string) => `site/islands/${name}.tsx`;

export function manifestAssets(distDir: string): AssetResolver {
  const manifestPath = resolve(distDir, '.vite/manifest.json');
  if (!existsSync(manifestPath)) {
    throw new Error(`No client build at ${manifestPath}: run "npm run build" first.`);
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const chunk = (key: string) => {
    const found = manifest[key];
    if (!found) throw new Error(`${key} is missing from the client build manifest; rebuild.`);
    return found;
  };
  const entry = chunk(CLIENT_ENTRY);
  const styles = chunk(STYLES_ENTRY);

  // Everything a chunk pulls in statically, so the browser fetches it in parallel with the entry.
  const closure = (key: string, into: Set<string>) => {
    const c = chunk(key);
    if (into.has(`/${c.file}`)) return;
    into.add(`/${c.file}`);
    for (const dep of c.imports ?? []) closure(dep, into);
  };
  const cache = new Map<string, { entry: string; preloads: string[] }>();

  return {
    stylesheets: [`/${styles.file}`, ...(entry.css ?? []).map((f) => `/${f}`)],
    scriptsFor(islands) {
      if (islands.length === 0) return null;
      const key = [...islands].sort().join(',');
      let result = cache.get(key);
      if (!result) {
        const preloads = new Set<string>();
        for (const dep of entry.imports ?? []) closure(dep, preloads);
        for (const name of islands) closure(islandSource(name), preloads);
        preloads.delete(`/${entry.file}`);
        result = { entry: `/${entry.file}`, preloads: [...preloads] };
        cache.set(key, result);
      }
      return result;
    },
  };
}

/** Vite's dev server serves sources directly and handles hot reload. */
export function devAssets(): AssetResolver {
  return {
    stylesheets: [`/${STYLES_ENTRY}`],
    scriptsFor(islands) {
      return islands.length === 0 ? null : { entry: `/${CLIENT_ENTRY}`, preloads: ['/@vite/client'] };
    },
  };
}
