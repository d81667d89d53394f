import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../factories/test-app';

/** /media/avatars/<INITIALS>-<HUE>.svg (api/doors/routes/avatars.ts), by the pattern the pages use too. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the generated-avatar route', () => {
  it('draws the initials on a circle of the hue, cached for a year', async () => {
    const res = await t.app.request('/media/avatars/JR-325.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const svg = await res.text();
    expect(svg).toContain('fill="hsl(325 55% 38%)"');
    expect(svg).toContain('>JR</text>');
  });

  it('answers 404 for any other name under /media/avatars', async () => {
    for (const name of ['jr-325.svg', 'JRX-1.svg', 'JR-1000.svg', 'JR-1.png', '..%2Fsecret'])
      expect((await t.app.request(`/media/avatars/${name}`)).status, name).toBe(404);
  });
});
