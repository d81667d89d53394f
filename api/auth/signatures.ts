import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signature of an emailed or bookmarked link: HMAC-SHA256 of `purpose:payload` with the app
 * secret, base64url (43 characters). The purpose keeps a signature made for one kind of link from
 * opening another.
 */
export function signature(secret: string, purpose: string, payload: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${payload}`).digest('base64url');
}

/** Whether `given` is the signature of `purpose:payload`, compared in constant time. */
export function signatureMatches(secret: string, purpose: string, payload: string, given: unknown): boolean {
  if (typeof given !== 'string' || given === '') return false;
  const expected = Buffer.from(signature(secret, purpose, payload));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
