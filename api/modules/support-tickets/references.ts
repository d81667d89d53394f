import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A ticket's public reference, HLP-XXXXXXXX: what the requester quotes and the reply link names. */
export function ticketReference(): string {
  return `HLP-${[...randomBytes(8)].map((b) => ALPHABET[b % ALPHABET.length]).join('')}`;
}

export const TICKET_REFERENCE = /^HLP-[A-Z2-9]{8}$/;

/**
 * The reply token of the emailed thread link: HMAC-SHA256 of the reference with the app secret
 * (as donations sign their links, api/modules/donations/references.ts). It does not expire: it is
 * the visitor's only key to their thread, and it opens that one thread only.
 */
export function threadToken(secret: string, reference: string): string {
  return createHmac('sha256', secret).update(`support-thread:${reference}`).digest('base64url');
}

export function threadTokenValid(secret: string, reference: string, token: unknown): boolean {
  if (typeof token !== 'string' || token === '') return false;
  const expected = Buffer.from(threadToken(secret, reference));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function threadPath(reference: string, token?: string): string {
  return `/support/requests/${reference}${token ? `?token=${token}` : ''}`;
}
