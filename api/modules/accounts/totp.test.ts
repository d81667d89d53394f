import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { describe, expect, it } from 'vitest';
import {
  isLastAcceptedCode,
  matchingTotpStep,
  normalizeTotpCode,
  totpCodeForStep,
  totpKeyUri,
  totpStep,
} from './totp';

// RFC 6238 appendix B's SHA-1 key ("12345678901234567890") and its published 8-digit codes;
// the 6-digit code is their last six digits.
const RFC_KEY = new TextEncoder().encode('12345678901234567890');

describe('TOTP (RFC 6238)', () => {
  it('matches the RFC test vectors', () => {
    expect(totpCodeForStep(RFC_KEY, totpStep(59_000))).toBe('287082');
    expect(totpCodeForStep(RFC_KEY, totpStep(1_111_111_109_000))).toBe('081804');
    expect(totpCodeForStep(RFC_KEY, totpStep(1_234_567_890_000))).toBe('005924');
    expect(totpCodeForStep(RFC_KEY, totpStep(2_000_000_000_000))).toBe('279037');
  });

  const at = 1_234_567_890_000;
  const step = totpStep(at);

  it('accepts the current step and one step either side, nothing further', () => {
    expect(matchingTotpStep(RFC_KEY, totpCodeForStep(RFC_KEY, step), at, null)).toBe(step);
    expect(matchingTotpStep(RFC_KEY, totpCodeForStep(RFC_KEY, step - 1), at, null)).toBe(step - 1);
    expect(matchingTotpStep(RFC_KEY, totpCodeForStep(RFC_KEY, step + 1), at, null)).toBe(step + 1);
    expect(matchingTotpStep(RFC_KEY, totpCodeForStep(RFC_KEY, step - 2), at, null)).toBeNull();
    expect(matchingTotpStep(RFC_KEY, totpCodeForStep(RFC_KEY, step + 2), at, null)).toBeNull();
  });

  it('refuses a code of a step already used, or of an earlier one (no replay)', () => {
    const code = totpCodeForStep(RFC_KEY, step);
    expect(matchingTotpStep(RFC_KEY, code, at, step)).toBeNull();
    expect(matchingTotpStep(RFC_KEY, totpCodeForStep(RFC_KEY, step - 1), at, step - 1)).toBeNull();
    // Ten seconds later the same code is still inside the window, and still refused.
    expect(matchingTotpStep(RFC_KEY, code, at + 10_000, step)).toBeNull();
    // The next step's code is fine.
    expect(matchingTotpStep(RFC_KEY, totpCodeForStep(RFC_KEY, step + 1), at, step)).toBe(step + 1);
  });

  it('tells the last accepted code, sent again inside the window, from any other refused code', () => {
    const code = totpCodeForStep(RFC_KEY, step);
    expect(isLastAcceptedCode(RFC_KEY, code, at + 10_000, step)).toBe(true);
    expect(isLastAcceptedCode(RFC_KEY, `${code.slice(0, 3)} ${code.slice(3)}`, at, step)).toBe(true);
    // An older step's code, a never-accepted one, or the last one once it has left the window.
    expect(isLastAcceptedCode(RFC_KEY, totpCodeForStep(RFC_KEY, step - 1), at, step)).toBe(false);
    expect(isLastAcceptedCode(RFC_KEY, code, at, null)).toBe(false);
    expect(isLastAcceptedCode(RFC_KEY, code, at + 2 * 30_000, step)).toBe(false);
  });

  it('takes codes typed with a space or dash and refuses anything but six digits', () => {
    const code = totpCodeForStep(RFC_KEY, step);
    expect(matchingTotpStep(RFC_KEY, `${code.slice(0, 3)} ${code.slice(3)}`, at, null)).toBe(step);
    expect(normalizeTotpCode('12345')).toBeNull();
    expect(normalizeTotpCode('12345a')).toBeNull();
    expect(normalizeTotpCode('123-456')).toBe('123456');
  });

  it('writes an otpauth URI an authenticator app can read back', () => {
    const uri = new URL(totpKeyUri('admin@example.test', RFC_KEY));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    const secret = uri.searchParams.get('secret') ?? '';
    expect(decodeBase32IgnorePadding(secret)).toEqual(RFC_KEY);
    expect(uri.searchParams.get('issuer')).toBe('Campaign HQ');
    expect(uri.searchParams.get('period')).toBe('30');
    expect(uri.searchParams.get('digits')).toBe('6');
  });
});
