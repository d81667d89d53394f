import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { hydratesAtLoad, needsQueryClient } from '../lib/island-loading';

/** Which files a page links: the stylesheet always, the client entry only when islands render. */
export interface AssetResolver {
  stylesheets: string[];
  /** Script entry plus the chunks it will load for these islands (it preloads them: site/client.ts); null when there are none. */
  scriptsFor(islands: readonly string[]): { entry: string; preloads: string[] } | null;
}

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

export const CLIENT_ENTRY = 'site/client.ts';
export const STYLES_ENTRY = 'site/styles/main.css';
export const islandSource = (name: string) => `site/islands/${name}.tsx`;
/** Loaded by the client entry for islands that fetch through react-query. */
export const QUERY_PROVIDER_MODULE = 'site/lib/query-provider.ts';
/** site/vite.config.ts builds React with site/lib/hydrate-island.ts into the chunk of this name. */
export const REACT_CHUNK_NAME = 'react';

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
  const reactChunk = Object.keys(manifest).find(
    (key) => manifest[key]?.name === REACT_CHUNK_NAME && !manifest[key]?.src,
  );
  if (!reactChunk) throw new Error(`No "${REACT_CHUNK_NAME}" chunk in the client build manifest; rebuild.`);

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
        // Exactly what site/client.ts will import for these islands (site/lib/island-loading.ts):
        // React only for islands that hydrate, react-query only for those that fetch through it.
        const hydrated = islands.filter(hydratesAtLoad);
        if (hydrated.length > 0) closure(reactChunk, preloads);
        if (hydrated.some(needsQueryClient)) closure(QUERY_PROVIDER_MODULE, preloads);
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
