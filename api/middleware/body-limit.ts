import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { MAX_IMAGE_BYTES } from '../modules/images/upload-rules';
import type { AppEnv } from './app-env';

const KB = 1024;

/**
 * The largest request body each route class reads. Every input we accept is far below its
 * limit (the longest text field is 5,000 characters); the limits exist so that eight 50 MB
 * bodies cannot triple the process's memory before a schema refuses them. First match wins.
 */
export const BODY_LIMITS: readonly { prefix: string; maxBytes: number; what: string }[] = [
  // Profile images: 5 MB and the multipart framing around it. The only limit on the route: the
  // form guard parses multipart bodies after this, so a route-level limit would find them read.
  { prefix: '/myprofile/image', maxBytes: MAX_IMAGE_BYTES + 64 * KB, what: 'image upload' },
  // A post with its optional image (docs/decisions/0033-social.md): the same 5 MB ceiling.
  { prefix: '/social-media/create-post', maxBytes: MAX_IMAGE_BYTES + 64 * KB, what: 'post' },
  // Stripe events are a few KB; a checkout with many line items stays well under this.
  { prefix: '/api/payments/webhook', maxBytes: 512 * KB, what: 'payment webhook' },
  // The largest valid tracking call (URL, referrer, title, five UTM values) is under 8 KB.
  { prefix: '/api/doors/trpc/tracking.', maxBytes: 16 * KB, what: 'tracking call' },
  { prefix: '/api/doors/trpc/', maxBytes: 64 * KB, what: 'API call' },
  { prefix: '/api/admin/rest/', maxBytes: 64 * KB, what: 'console request' },
  { prefix: '/api/auth/', maxBytes: 8 * KB, what: 'sign-in form' },
  { prefix: '/api/', maxBytes: 16 * KB, what: 'API request' },
  // Everything else that takes a body is a site form post (settings, profile, feedback, shop).
  { prefix: '/', maxBytes: 32 * KB, what: 'form' },
];

/**
 * The beacon and activity routes read their own bodies with a limit (api/doors/routes/body-text.ts) on
 * a hot path that a second check would slow (commit 1a118d5); they are left to that code.
 */
const OWN_LIMIT = ['/api/log-activity', '/api/analytics/beacon-end'];

const BODYLESS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function bodyLimitFor(path: string) {
  if (OWN_LIMIT.some((prefix) => path.startsWith(prefix))) return null;
  return BODY_LIMITS.find((limit) => path.startsWith(limit.prefix)) ?? null;
}

const sizeText = (bytes: number) =>
  bytes >= 1024 * KB ? `${Math.round(bytes / (1024 * KB))} MB` : `${Math.round(bytes / KB)} KB`;

function tooLarge(c: Context<AppEnv>, limit: { maxBytes: number; what: string }) {
  const message = `The ${limit.what} is larger than ${sizeText(limit.maxBytes)}.`;
  if (c.req.path.startsWith('/api/doors/trpc/')) {
    // In tRPC's error shape (superjson), so the client shows the message like any other error.
    const data = {
      code: 'PAYLOAD_TOO_LARGE',
      httpStatus: 413,
      path: c.req.path.slice('/api/doors/trpc/'.length),
    };
    return c.json({ error: { json: { message, code: -32013, data } } }, 413);
  }
  if (c.req.path.startsWith('/api/admin/rest/')) return c.json({ message, code: 'PAYLOAD_TOO_LARGE' }, 413);
  if (c.req.path.startsWith('/api/')) return c.json({ error: { code: 'PAYLOAD_TOO_LARGE', message } }, 413);
  // The profile picture upload script asks for JSON and shows its `error`.
  if (c.req.header('accept')?.includes('application/json')) return c.json({ error: message }, 413);
  return c.text(message, 413);
}

/**
 * Refuses a request body over its route's limit with 413, without buffering it. A declared
 * Content-Length is checked from the header alone (Node's parser never delivers more than it
 * declares); only a body without one (chunked) is read, counted chunk by chunk and dropped at
 * the first byte over the limit (@hono/node-server then drains and discards what is left, or
 * closes the socket). Unlike hono/body-limit this never touches `c.req.raw.body`
 * for a request that declares its length, which would build a web stream per request.
 */
export function bodyLimit() {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (BODYLESS.has(c.req.method)) return next();
    const limit = bodyLimitFor(c.req.path);
    if (!limit) return next();
    const declared = c.req.header('content-length');
    if (declared !== undefined && !c.req.header('transfer-encoding')) {
      return Number(declared) > limit.maxBytes ? tooLarge(c, limit) : next();
    }
    const body = c.req.raw.body;
    if (!body) return next();
    const reader = body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit.maxBytes) {
        await reader.cancel().catch(() => {});
        return tooLarge(c, limit);
      }
      chunks.push(value);
    }
    c.req.raw = new Request(c.req.raw, { body: Buffer.concat(chunks) });
    return next();
  });
}
