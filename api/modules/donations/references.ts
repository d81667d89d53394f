import { randomBytes } from 'node:crypto';
import { signature, signatureMatches } from '../../auth/signatures';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function code(prefix: string): string {
  return `${prefix}-${[...randomBytes(8)].map((b) => ALPHABET[b % ALPHABET.length]).join('')}`;
}

/**
 * Whether a reference from a URL can be one of ours (a prefix, a dash, letters and digits): anything
 * else is no gift, answered without asking the database.
 */
export const isReferenceShaped = (reference: string) => /^[A-Z]{2,8}-[A-Z0-9]{3,24}$/.test(reference);

/** A one-off gift's (or one charge's) public reference: DON-XXXXXXXX. */
export const donationReference = () => code('DON');
/** A monthly gift's reference, the payable its charges name: REC-XXXXXXXX. */
export const recurringReference = () => code('REC');
export const isRecurringReference = (reference: string) => reference.startsWith('REC-');

export type LinkPurpose = 'donation-cancel' | 'donation-follow-up' | 'donation-manage' | 'donation-ask';

/** The token of an emailed link: HMAC-SHA256 of purpose and reference with the app secret. */
export function linkToken(secret: string, purpose: LinkPurpose, reference: string): string {
  return signature(secret, purpose, reference);
}

export function linkTokenValid(secret: string, purpose: LinkPurpose, reference: string, token: unknown) {
  return signatureMatches(secret, purpose, reference, token);
}
