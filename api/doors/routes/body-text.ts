import type { Context } from 'hono';
import type { AppEnv } from '../../middleware/app-env';

/**
 * The request body as text, or null when it is larger than `maxBytes`. Unlike hono/body-limit,
 * this never touches `c.req.raw.body`: on Node that would build a web ReadableStream per request
 * and lose @hono/node-server's direct body read, which tracking's request rate cannot afford.
 * A declared Content-Length over the limit is refused before reading; a chunked body is measured
 * after reading (callers are small JSON endpoints).
 */
export async function bodyText(c: Context<AppEnv>, maxBytes: number): Promise<string | null> {
  const declared = Number(c.req.header('content-length'));
  if (declared > maxBytes) return null;
  const text = await c.req.text();
  return Buffer.byteLength(text) > maxBytes ? null : text;
}

export const tooLarge = (c: Context<AppEnv>) =>
  c.json({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'Body too large.' } }, 413);
