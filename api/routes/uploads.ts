import type { Hono } from 'hono';
import type { AppEnv } from '../platform/env';

/**
 * Files stored through the files port's local adapter: /media/uploads/{key}. Keys are never
 * reused (a new upload gets a new name), so browsers may keep them for a year.
 */
export function registerUploadsRoute(app: Hono<AppEnv>) {
  app.get('/media/uploads/*', async (c) => {
    const files = c.get('files');
    const key = files.keyOf(c.req.path);
    const file = key ? await files.get(key) : null;
    if (!file) return c.notFound();
    return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': file.contentType,
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
  });
}
