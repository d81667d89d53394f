import { describe, expect, it } from 'vitest';
import { relativeAge } from './relative-age';

describe('relativeAge', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  it('says seconds, minutes, hours and days as docs/product/spec.md shows them', () => {
    expect(relativeAge(ago(5_000), now)).toBe('5s ago');
    expect(relativeAge(ago(5 * 60_000), now)).toBe('5m ago');
    expect(relativeAge(ago(5 * 3_600_000), now)).toBe('5h ago');
    expect(relativeAge(ago(5 * 86_400_000), now)).toBe('5d ago');
    expect(relativeAge(ago(-10_000), now)).toBe('0s ago');
  });
});
