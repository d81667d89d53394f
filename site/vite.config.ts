import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Builds the site's client: one entry that hydrates islands, each island its own chunk. */
export default defineConfig({
  root,
  publicDir: 'site/public',
  plugins: [react()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    assetsDir: 'assets',
    rollupOptions: {
      input: { client: 'site/client.ts', styles: 'site/styles/main.css' },
    },
  },
});
