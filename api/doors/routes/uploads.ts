import type { Hono } from 'hono';
import type { AppEnv } from '../../middleware/app-env';

/**
 * Files stored through the files port, whichever adapter holds them (local disk or an S3 bucket,
 * FILES_DRIVER): /media/uploads/{key}. Streaming S3 objects through here rather than redirecting
 * to the bucket keeps one URL per file, a private bucket, and our headers (CSP, nosniff, the type
 * named by the key): docs/decisions/0039-object-storage-and-backups.md. Keys are never reused (a
 * new upload gets a new name), so browsers and a CDN in front may keep them for a year.
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
