import { describe, expect, it } from 'vitest';
import { ValidationError } from '../errors';
import { checkImageShape } from './upload-rules';

function refusal(shape: { width: number; height: number }): string | null {
  try {
    checkImageShape(shape);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return (error as ValidationError).fieldErrors.image?.[0] ?? 'no image field error';
  }
}

describe('checkImageShape', () => {
  it('accepts photos, panoramas up to 20:1 and the largest side and pixel count allowed', () => {
    expect(refusal({ width: 4032, height: 3024 })).toBeNull();
    expect(refusal({ width: 1, height: 1 })).toBeNull();
    expect(refusal({ width: 12_000, height: 600 })).toBeNull();
    expect(refusal({ width: 8_000, height: 5_000 })).toBeNull();
  });

  it('refuses thin strips, oversized sides, bombs and empty headers on the image field', () => {
    expect(refusal({ width: 1, height: 60_000 })).toMatch(/too narrow or too wide/);
    expect(refusal({ width: 2_100, height: 100 })).toMatch(/too narrow or too wide/);
    expect(refusal({ width: 12_001, height: 3_000 })).toMatch(/at most 12,000 pixels on a side/);
    expect(refusal({ width: 8_000, height: 5_001 })).toMatch(/at most 40 megapixels/);
    expect(refusal({ width: 0, height: 0 })).toBe('This file is not an image we can read.');
  });
});
