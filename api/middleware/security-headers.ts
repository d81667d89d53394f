import { secureHeaders } from 'hono/secure-headers';

/**
 * CSP allows only our own scripts: islands get their props from data attributes, never
 * inline scripts. Styles allow 'unsafe-inline' because the console's MUI injects <style>
 * tags at run time. Development adds Vite's HMR socket.
 */
export function securityHeaders(options: { dev: boolean }) {
  const connectSrc = options.dev
    ? ["'self'", 'ws:', 'wss:']
    : [
        "'self'",
        // Ably's primary endpoints, and the fallback and connectivity-check hosts ably-js uses
        // when the primary is unreachable.
        'https://*.ably.io',
        'wss://*.ably.io',
        'https://*.ably.net',
        'wss://*.ably.net',
        'https://*.ably-realtime.com',
        'wss://*.ably-realtime.com',
      ];
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'"],
      connectSrc,
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
    },
    xContentTypeOptions: 'nosniff',
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: 'DENY',
    strictTransportSecurity: options.dev ? false : 'max-age=31536000; includeSubDomains',
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: 'same-origin',
  });
}
