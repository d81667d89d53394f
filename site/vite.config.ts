import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));

const PRELOAD_HELPER = '\0vite/preload-helper.js';

/**
 * With `modulePreload: false` every dependency list is empty, yet Vite still wraps each dynamic
 * import in its 0.9 KiB preload helper, shared by every chunk. This one only calls the import.
 */
const passThroughPreloadHelper: Plugin = {
  name: 'campaign:pass-through-preload-helper',
  enforce: 'pre',
  apply: 'build',
  resolveId: (id) => (id === PRELOAD_HELPER ? id : null),
  load: (id) => (id === PRELOAD_HELPER ? 'export const __vitePreload = (load) => load();' : null),
};

/**
 * Builds the site's client: one entry that starts islands, each island its own chunk (docs/decisions/0027-javascript-weight.md).
 * - React, react-dom, the scheduler and site/lib/hydrate-island.ts are one chunk: every React
 *   island needs all of them, and one gzip stream of them is about 1 KiB smaller than five.
 * - The entry's own dynamic imports (islands, hydration) carry no preload lists: the server already
 *   lists each page's chunks on the entry's script tag and the entry preloads them all at once
 *   (site/server/assets.ts, site/client.ts), so the lists would only make
 *   the entry, which every page downloads, heavier. Chunks loaded later (the search box's data
 *   client) keep theirs.
 */
export default defineConfig({
  root,
  publicDir: 'site/public',
  plugins: [react(), passThroughPreloadHelper],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    assetsDir: 'assets',
    // The entry preloads each page's chunks from the server's list (site/client.ts); Vite's runtime
    // preloading would add its helper and a dependency map to the entry every page downloads.
    modulePreload: false,
    rolldownOptions: {
      input: { client: 'site/client.ts', styles: 'site/styles/main.css' },
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|site[\\/]lib[\\/]hydrate-island\.ts$/,
            },
          ],
        },
      },
    },
  },
});
