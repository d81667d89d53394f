import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from './app-env';
import { securityHeaders, securityHeaderValues } from './security-headers';

/** The precomputed headers are exactly what hono/secure-headers sends with the same policy. */
describe('securityHeaders', () => {
  for (const [dev, ably] of [
    [false, false],
    [false, true],
    [true, false],
  ] as const) {
    it(`sends hono/secure-headers' set (${dev ? 'development' : 'production'}, ${ably ? 'Ably' : 'no Ably'})`, async () => {
      const ours = new Hono<AppEnv>().use(securityHeaders({ dev, ably })).get('/', (c) => c.text('x'));
      const values = securityHeaderValues({ dev, ably });
      const csp = values['content-security-policy']!;
      const directive = (name: string) =>
        csp
          .split('; ')
          .find((d) => d.startsWith(`${name} `))!
          .slice(name.length + 1)
          .split(' ');
      const reference = new Hono()
        .use(
          secureHeaders({
            contentSecurityPolicy: {
              defaultSrc: directive('default-src'),
              scriptSrc: directive('script-src'),
              styleSrc: directive('style-src'),
              imgSrc: directive('img-src'),
              fontSrc: directive('font-src'),
              connectSrc: directive('connect-src'),
              frameAncestors: directive('frame-ancestors'),
              formAction: directive('form-action'),
              baseUri: directive('base-uri'),
              objectSrc: directive('object-src'),
            },
            xContentTypeOptions: 'nosniff',
            referrerPolicy: 'strict-origin-when-cross-origin',
            xFrameOptions: 'DENY',
            strictTransportSecurity: dev ? false : 'max-age=31536000; includeSubDomains',
            crossOriginEmbedderPolicy: false,
            crossOriginResourcePolicy: 'same-origin',
            // Obsolete in every browser in use (docs/decisions/0055-obsolete-security-headers-dropped.md).
            xXssProtection: false,
            xDownloadOptions: false,
            xPermittedCrossDomainPolicies: false,
            xDnsPrefetchControl: false,
          }),
        )
        .get('/', (c) => c.text('x'));
      const got = Object.fromEntries((await ours.request('/')).headers);
      const expected = Object.fromEntries((await reference.request('/')).headers);
      expect(got).toEqual(expected);
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("frame-ancestors 'none'");
    });
  }
});

describe('connect-src', () => {
  const connectSrc = (options: { dev: boolean; ably: boolean }) =>
    securityHeaderValues(options)
      ['content-security-policy']!.split('; ')
      .find((d) => d.startsWith('connect-src '))!
      .split(' ')
      .slice(1);

  it('is our own origin only while Ably is not configured', () => {
    expect(connectSrc({ dev: false, ably: false })).toEqual(["'self'"]);
  });

  it('adds Ably’s primary and fallback hosts when it is', () => {
    expect(connectSrc({ dev: false, ably: true }).sort()).toEqual(
      [
        "'self'",
        'https://*.ably-realtime.com',
        'https://*.ably.io',
        'https://*.ably.net',
        'wss://*.ably-realtime.com',
        'wss://*.ably.io',
        'wss://*.ably.net',
      ].sort(),
    );
  });

  it('lets Vite’s HMR socket connect in development', () => {
    expect(connectSrc({ dev: true, ably: false })).toEqual(["'self'", 'ws:', 'wss:']);
  });
});

describe('a header the route sets itself', () => {
  it('wins over the default (the unsubscribe page keeps no-referrer)', async () => {
    const app = new Hono<AppEnv>().use(securityHeaders({ dev: false, ably: false })).get('/', (c) => {
      c.header('Referrer-Policy', 'no-referrer');
      return c.text('x');
    });
    const res = await app.request('/');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });
});
