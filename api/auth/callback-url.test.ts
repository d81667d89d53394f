import { describe, expect, it } from 'vitest';
import { safeCallbackUrl } from './callback-url';

const app = 'http://localhost:3000';

describe('safeCallbackUrl', () => {
  it('keeps paths and our own absolute URLs', () => {
    expect(safeCallbackUrl('/messaging', app)).toBe('/messaging');
    expect(safeCallbackUrl('/search?q=ann#top', app)).toBe('/search?q=ann#top');
    expect(safeCallbackUrl('http://localhost:3000/settings', app)).toBe('/settings');
  });

  it.each([
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    'http://localhost:4000/x',
    '',
  ])('refuses %s', (raw) => {
    expect(safeCallbackUrl(raw, app)).toBe('/');
  });
});
