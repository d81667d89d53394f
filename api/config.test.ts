import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('gives the embedded defaults when nothing is set', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.DATA_DIR).toBe('./data');
    expect(c.appUrl).toBe('http://localhost:3000');
  });

  it('names the variable and the problem when a value is bad', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT: /);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ APP_SECRET: 'short' })).toThrow(/APP_SECRET: must be at least 32/);
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).DATABASE_URL).toBeUndefined();
  });

  it('refuses to serve https in production without a secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', APP_URL: 'https://hq.example.org' })).toThrow(
      /APP_SECRET: required/,
    );
  });
});
