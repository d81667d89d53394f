import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A subscription's public reference, the payable every one of its charges names: SUB-XXXXXXXX. */
export function subscriptionReference(): string {
  return `SUB-${[...randomBytes(8)].map((b) => ALPHABET[b % ALPHABET.length]).join('')}`;
}
