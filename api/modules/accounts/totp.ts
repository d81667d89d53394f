import { timingSafeEqual } from 'node:crypto';
import { createTOTPKeyURI, generateHOTP } from '@oslojs/otp';

/**
 * TOTP (RFC 6238) as authenticator apps speak it: SHA-1, 6 digits, 30-second steps. A code is
 * accepted for the current step and one step either side (clock drift and typing time), and only
 * for a step later than the last one accepted, so a code cannot be replayed within its window
 * (docs/decisions/0040-staff-two-factor-sign-in.md).
 */
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps accepted either side of the current one. */
export const TOTP_WINDOW = 1;
export const TOTP_ISSUER = 'Campaign HQ';

/** The 30-second step a moment falls in. */
export function totpStep(atMs: number): number {
  return Math.floor(atMs / 1000 / TOTP_STEP_SECONDS);
}

export function totpCodeForStep(secret: Uint8Array, step: number): string {
  return generateHOTP(secret, BigInt(step), TOTP_DIGITS);
}

/** 20 random bytes (160 bits, RFC 4226's recommended key length). */
export function generateTotpSecret(): Uint8Array {
  const secret = new Uint8Array(20);
  crypto.getRandomValues(secret);
  return secret;
}

/** The otpauth:// URI an authenticator app reads (from a QR code or typed in). */
export function totpKeyUri(accountName: string, secret: Uint8Array): string {
  return createTOTPKeyURI(TOTP_ISSUER, accountName, secret, TOTP_STEP_SECONDS, TOTP_DIGITS);
}

/** A typed code, spaces and dashes removed; null when it is not six digits. */
export function normalizeTotpCode(input: string): string | null {
  const code = input.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(code) ? code : null;
}

/**
 * The step whose code matches, among the window around `atMs` and after `lastUsedStep`; null when
 * none does. Every candidate is compared (in constant time), so timing says nothing about which.
 */
export function matchingTotpStep(
  secret: Uint8Array,
  input: string,
  atMs: number,
  lastUsedStep: number | null,
): number | null {
  const code = normalizeTotpCode(input);
  if (code === null) return null;
  const now = totpStep(atMs);
  let matched: number | null = null;
  for (let step = now - TOTP_WINDOW; step <= now + TOTP_WINDOW; step++) {
    const same = timingSafeEqual(Buffer.from(totpCodeForStep(secret, step)), Buffer.from(code));
    if (same && (lastUsedStep === null || step > lastUsedStep) && matched === null) matched = step;
  }
  return matched;
}

/**
 * True when `input` is the code of `lastUsedStep` and that step is still inside the window: the
 * last accepted code sent again, which matchingTotpStep refuses like a wrong one, but which the
 * person should be told apart (the next code will do, this one never will again).
 */
export function isLastAcceptedCode(
  secret: Uint8Array,
  input: string,
  atMs: number,
  lastUsedStep: number | null,
): boolean {
  // The earliest step in the window after the one before it that the code matches.
  return lastUsedStep !== null && matchingTotpStep(secret, input, atMs, lastUsedStep - 1) === lastUsedStep;
}
