import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect';

const app = 'http://localhost:3000';

describe('safeRedirect', () => {
  it.each([
    ['/messaging', '/messaging'],
    ['/search?q=ann#top', '/search?q=ann#top'],
    ['http://localhost:3000/settings', '/settings'],
    ['/setup?callbackUrl=%2Fjobs', '/setup?callbackUrl=%2Fjobs'],
    ['/people/caf%C3%A9', '/people/caf%C3%A9'],
    // Characters a Location header cannot carry raw come back percent-encoded, never as a 500.
    ['/people/café', '/people/caf%C3%A9'],
    ['/a b', '/a%20b'],
  ])('keeps %s as %s', (raw, expected) => {
    expect(safeRedirect(raw, app)).toBe(expected);
  });

  it.each([
    // schemes and other origins
    'https://evil.example/',
    'https://evil',
    'http://localhost:4000/x',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'evil.example',
    // protocol-relative, in every spelling a browser or proxy may turn into one
    '//evil.example/x',
    '//evil',
    '///evil',
    '/\\evil.example',
    '/\\\\evil',
    '\\\\evil',
    '\\/evil',
    '/%2F%2Fevil',
    '/%2f/evil',
    '/%5Cevil',
    '/%5c%5cevil',
    '%2F%2Fevil',
    '/%252F%252Fevil',
    // tabs, newlines and other control characters, raw or encoded (browsers drop tabs and newlines)
    '/%09/evil.example/',
    '/\t/evil',
    '/\t/evil.example/',
    '/%0a',
    '/%0d',
    '%0a',
    '%0d',
    '/%0d%0aSet-Cookie:x=1',
    '/\r\nSet-Cookie:x=1',
    '/\n/evil',
    '/%00',
    '/a%7F',
    '/%E2%80%A8evil',
    // malformed or empty
    '/%E0%A4%A',
    '/%',
    '',
    ' ',
    ' /x',
    42,
    null,
    undefined,
    `/${'a'.repeat(2100)}`,
  ])('refuses %j', (raw) => {
    expect(safeRedirect(raw, app)).toBe('/');
  });

  it('falls back to the given default', () => {
    expect(safeRedirect('//evil.example', app, '/myprofile')).toBe('/myprofile');
    expect(safeRedirect(undefined, app, '/myprofile')).toBe('/myprofile');
  });
});
