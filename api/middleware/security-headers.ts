import type { ServerResponse } from 'node:http';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './app-env';

export interface SecurityHeaderOptions {
  /** Development: Vite's HMR socket may connect. */
  dev: boolean;
  /** Ably is configured (ABLY_API_KEY): the browser may reach its hosts; otherwise only our origin. */
  ably: boolean;
}

/** Ably's primary endpoints, and the fallback and connectivity-check hosts ably-js uses when the primary is unreachable. */
const ABLY_HOSTS = [
  'https://*.ably.io',
  'wss://*.ably.io',
  'https://*.ably.net',
  'wss://*.ably.net',
  'https://*.ably-realtime.com',
  'wss://*.ably-realtime.com',
];

/**
 * CSP allows only our own scripts: islands get their props from data attributes, never
 * inline scripts, so the policy has no per-request nonce and every value here is fixed at start.
 * Styles allow 'unsafe-inline' because the console's MUI injects <style> tags at run time.
 * Development adds Vite's HMR socket; a configured Ably adds its hosts to connect-src.
 */
function contentSecurityPolicy({ dev, ably }: SecurityHeaderOptions): string {
  const connectSrc = [
    "'self'",
    ...(dev ? ['ws:', 'wss:'] : []),
    // Only when Ably carries live events; without it they come from our own origin (SSE).
    ...(ably ? ABLY_HOSTS : []),
  ];
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'"]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:']],
    ['font-src', ["'self'"]],
    ['connect-src', connectSrc],
    ['frame-ancestors', ["'none'"]],
    ['form-action', ["'self'"]],
    ['base-uri', ["'self'"]],
    ['object-src', ["'none'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

/**
 * Every response's security headers, computed once: the same set hono/secure-headers sends with
 * our options (security-headers.test.ts holds the two equal). Left out are the four that no
 * browser in use acts on any more (X-XSS-Protection, X-Download-Options,
 * X-Permitted-Cross-Domain-Policies, X-DNS-Prefetch-Control): each header a response carries costs
 * Node a validation and a copy, and those four took 7 % of a small response's throughput
 * (docs/decisions/0055-obsolete-security-headers-dropped.md).
 */
export function securityHeaderValues(options: SecurityHeaderOptions): Readonly<Record<string, string>> {
  return Object.freeze({
    'content-security-policy': contentSecurityPolicy(options),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(options.dev ? {} : { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  });
}

/**
 * Sets the security headers on every response. Under @hono/node-server they go straight onto
 * Node's ServerResponse, which merges them into the head it writes: no web Headers object is
 * built for a response that has none (most of a plain route's cost, issue 17). A header a route
 * sets itself takes precedence (the unsubscribe page's stricter Referrer-Policy, docs/decisions/0022-mass-email.md,
 * which hono/secure-headers used to overwrite); no route sets a weaker one. Elsewhere
 * (app.request() in tests) they are set on the response's headers with the same precedence.
 */
export function securityHeaders(options: SecurityHeaderOptions) {
  const entries = Object.entries(securityHeaderValues(options));
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
    if (outgoing && !outgoing.headersSent) {
      for (const [name, value] of entries) outgoing.setHeader(name, value);
      return;
    }
    // The same precedence as Node's merge above, so tests see what browsers get.
    const headers = c.res.headers;
    for (const [name, value] of entries) if (!headers.has(name)) headers.set(name, value);
    headers.delete('x-powered-by');
  });
}
