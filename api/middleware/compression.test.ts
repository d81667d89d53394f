import { gunzipSync, gzipSync, inflateSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { CompressedCopies } from '../platform/compressed-copies';
import type { AppEnv } from '../platform/env';
import { joinParts, KeptText } from '../platform/gzip-parts';
import { withKnownTextBody } from '../platform/text-bodies';
import { compressWhenWorthIt } from './compression';

/** A page of a few kilobytes, as a route that renders it would answer. */
const PAGE = `<!doctype html><html><body>${'<p>Campaign HQ</p>'.repeat(200)}</body></html>`;

function appAnswering(copies: CompressedCopies | undefined) {
  return new Hono<AppEnv>()
    .use(compressWhenWorthIt())
    .get('/page', (c) => withKnownTextBody(c, c.html(PAGE), PAGE, { compressed: copies }));
}

const gzipped = { headers: { 'accept-encoding': 'gzip' } };
const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe('compressWhenWorthIt with a body answered many times', () => {
  it('keeps the gzip it made with the body and answers it', async () => {
    const copies: CompressedCopies = {};
    const res = await appAnswering(copies).request('/page', gzipped);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const body = await bytes(res);
    expect(gunzipSync(body).toString()).toBe(PAGE);
    expect(copies.gzip).toBeDefined();
    expect(Buffer.from(copies.gzip!)).toEqual(body);
  });

  it('answers the kept gzip instead of compressing the body again', async () => {
    // Not the body's gzip: only an answer taken from the kept copy can be this.
    const kept = gzipSync('kept earlier');
    const res = await appAnswering({ gzip: kept }).request('/page', gzipped);
    expect(gunzipSync(await bytes(res)).toString()).toBe('kept earlier');
  });

  it('compresses a body answered once without keeping anything, and leaves deflate unkept', async () => {
    const once = await appAnswering(undefined).request('/page', gzipped);
    expect(gunzipSync(await bytes(once)).toString()).toBe(PAGE);
    const copies: CompressedCopies = {};
    const deflated = await appAnswering(copies).request('/page', {
      headers: { 'accept-encoding': 'deflate' },
    });
    expect(deflated.headers.get('content-encoding')).toBe('deflate');
    expect(copies.gzip).toBeUndefined();
  });
});

describe('compressWhenWorthIt with a page in parts', () => {
  const shell = new KeptText(PAGE.slice(0, 2_000));
  const parts = [shell, '<main>this answer’s own</main>', new KeptText('</body></html>')];
  const text = joinParts(parts);
  const app = new Hono<AppEnv>()
    .use(compressWhenWorthIt())
    .get('/parts', (c) => withKnownTextBody(c, c.html(text), text, { parts }));

  it('compresses only the new parts, laying in the kept ones’ compressed bytes', async () => {
    const res = await app.request('/parts', gzipped);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const body = await bytes(res);
    expect(gunzipSync(body).toString()).toBe(text);
    expect(body.indexOf(shell.deflated)).toBeGreaterThan(0);
  });

  it('keeps the gzip made from the parts of a body answered many times', async () => {
    const copies: CompressedCopies = {};
    const keeping = new Hono<AppEnv>()
      .use(compressWhenWorthIt())
      .get('/kept', (c) => withKnownTextBody(c, c.html(text), text, { compressed: copies, parts }));
    const body = await bytes(await keeping.request('/kept', gzipped));
    expect(gunzipSync(body).toString()).toBe(text);
    expect(body.indexOf(shell.deflated)).toBeGreaterThan(0);
    expect(Buffer.from(copies.gzip!)).toEqual(body);
  });

  it('gives a client that takes only deflate the whole text', async () => {
    const res = await app.request('/parts', { headers: { 'accept-encoding': 'deflate' } });
    expect(res.headers.get('content-encoding')).toBe('deflate');
    expect(inflateSync(await bytes(res)).toString()).toBe(text);
  });
});

describe('compressWhenWorthIt with a JSON answer', () => {
  const small = { people: [{ id: 1, name: 'Jordan Rivera' }] };
  const large = { people: Array.from({ length: 60 }, (_, id) => ({ id, name: `Member number ${id}` })) };
  const app = new Hono<AppEnv>()
    .use(compressWhenWorthIt())
    .get('/small', (c) => c.json(small))
    .get('/large', (c) => c.json(large, 400, { 'x-request-id': 'kept' }));

  it('sends one under a kilobyte as it is, with no Vary', async () => {
    const res = await app.request('/small', gzipped);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toBeNull();
    expect(await res.json()).toEqual(small);
  });

  it('gzips a larger one whole, keeping its status and headers', async () => {
    const res = await app.request('/large', gzipped);
    expect(res.status).toBe(400);
    expect(res.headers.get('x-request-id')).toBe('kept');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toMatch(/Accept-Encoding/);
    expect(JSON.parse(gunzipSync(await bytes(res)).toString())).toEqual(large);
  });
});
