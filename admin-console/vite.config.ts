import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Builds the staff console: a single-page app served by Hono under /admin (real paths, so
 * every asset URL is absolute under /admin/assets). Each screen is a lazy chunk.
 */
export default defineConfig({
  root,
  base: '/admin/',
  publicDir: false,
  plugins: [react()],
  build: {
    outDir: '../dist/admin',
    emptyOutDir: true,
    manifest: true,
    assetsDir: 'assets',
    // react-admin + MUI make a large first chunk (~300 kB gzip); the screens are split off it.
    chunkSizeWarningLimit: 1500,
  },
});
