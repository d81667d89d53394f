import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMITS } from '../../../api/middleware/body-limit';
import { createTestApp, type TestApp } from '../../factories/test-app';

/**
 * Finding 4: no route read a body of any size. Each route class now has a limit (413 with a
 * message saying which), checked from Content-Length without reading, or counted while reading
 * a chunked body and dropped at the first byte over.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const limitOf = (prefix: string) => BODY_LIMITS.find((l) => l.prefix === prefix)!.maxBytes;

/** A body of `bytes` bytes that declares its length, as browsers and HTTP clients send it. */
function post(path: string, bytes: number, contentType = 'application/json') {
  const body = 'x'.repeat(bytes);
  return t.app.request(path, {
    method: 'POST',
    body,
    headers: { origin: t.config.appUrl, 'content-type': contentType, 'content-length': String(bytes) },
  });
}

/**
 * A chunked body (no Content-Length) of up to `total` bytes that counts what the server pulled,
 * so a test can see that an oversized body was not read to its end.
 */
function streamed(total: number, chunk = 16 * 1024) {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= total) return controller.close();
      pulled += chunk;
      controller.enqueue(new Uint8Array(chunk).fill(120));
    },
  });
  return { stream, pulled: () => pulled };
}

describe('request body limits', () => {
  it.each([
    ['tRPC', '/api/doors/trpc/feedback.submit', '/api/doors/trpc/', 'application/json'],
    [
      'tracking call',
      '/api/doors/trpc/tracking.trackPageView',
      '/api/doors/trpc/tracking.',
      'application/json',
    ],
    ['REST write', '/api/admin/rest/coupons', '/api/admin/rest/', 'application/json'],
    ['auth form', '/api/auth/callback/credentials', '/api/auth/', 'application/x-www-form-urlencoded'],
    ['site form post', '/feedback', '/', 'application/x-www-form-urlencoded'],
    ['payment webhook', '/api/payments/webhook', '/api/payments/webhook', 'application/json'],
    ['image upload', '/myprofile/image', '/myprofile/image', 'multipart/form-data; boundary=x'],
  ])(
    'answers 413 to a %s body one byte over its limit, and reads one at the limit',
    async (_name, path, prefix, type) => {
      const max = limitOf(prefix);
      const over = await post(path, max + 1, type);
      expect(over.status).toBe(413);
      expect(await over.text()).toMatch(/larger than \d+ (KB|MB)/);
      expect((await post(path, max, type)).status).not.toBe(413);
    },
  );

  it('answers a tRPC caller in tRPC’s error shape', async () => {
    const res = await post('/api/doors/trpc/feedback.submit', 65 * 1024);
    const body = (await res.json()) as { error: { json: { message: string; data: { code: string } } } };
    expect(body.error.json.message).toBe('The API call is larger than 64 KB.');
    expect(body.error.json.data.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses a declared 50 MB body without reading it', async () => {
    const body = streamed(50 * 1024 * 1024);
    const res = await t.app.request('/api/doors/trpc/feedback.submit', {
      method: 'POST',
      body: body.stream,
      duplex: 'half',
      headers: {
        origin: t.config.appUrl,
        'content-type': 'application/json',
        'content-length': String(50 * 1024 * 1024),
      },
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(body.pulled()).toBeLessThanOrEqual(2 * 16 * 1024);
  });

  it('stops reading a chunked body at the first chunk over the limit', async () => {
    const body = streamed(50 * 1024 * 1024);
    const res = await t.app.request('/api/admin/rest/coupons', {
      method: 'POST',
      body: body.stream,
      duplex: 'half',
      headers: { origin: t.config.appUrl, 'content-type': 'application/json' },
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(body.pulled()).toBeLessThanOrEqual(limitOf('/api/admin/rest/') + 3 * 16 * 1024);
  });

  it('passes a chunked body under the limit on to the route intact', async () => {
    const json = JSON.stringify({ json: { featureName: 'campaign-donations' } });
    const res = await t.app.request('/api/doors/trpc/featureToggle.getFeatureAccess', {
      method: 'POST',
      body: new Blob([json]).stream(),
      duplex: 'half',
      headers: { origin: t.config.appUrl, 'content-type': 'application/json' },
    } as RequestInit);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ result: { data: { json: { enabled: true } } } });
  });
});
