import { describe, expect, it } from 'vitest';
import { cleanRefcode, emailSendRefcode, givingLinkParams, sendOfRefcode } from './giving-links';

const query = (search: string) => {
  const params = new URLSearchParams(search);
  return (name: string) => params.get(name) ?? undefined;
};

describe('a donation link', () => {
  it('keeps its refcodes and a preset amount the form takes', () => {
    expect(givingLinkParams(query('refcode=em-12&refcode2=spring&amount=50'))).toEqual({
      refcode: 'em-12',
      refcode2: 'spring',
      amountCents: 5_000,
    });
  });

  it('drops what is not a refcode or an amount the form takes, and never reads a frequency', () => {
    const params = givingLinkParams(query('refcode=<script>&amount=9000&frequency=monthly'));
    expect(params).toEqual({ refcode: undefined, refcode2: undefined, amountCents: undefined });
    expect(Object.keys(params)).not.toContain('frequency');
    expect(cleanRefcode('a'.repeat(65))).toBeUndefined();
  });

  it('names an email send by its refcode and only by it', () => {
    expect(emailSendRefcode(42)).toBe('em-42');
    expect(sendOfRefcode('em-42')).toBe(42);
    expect(sendOfRefcode('em-42x')).toBeNull();
    expect(sendOfRefcode(null)).toBeNull();
  });
});
