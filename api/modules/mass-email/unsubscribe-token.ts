import { signature, signatureMatches } from '../../auth/signatures';

/**
 * The `/unsubscribe?token=` of every mass email (docs/decisions/0022-mass-email.md): the send id and the address,
 * signed with the app secret. It cannot be forged without the secret, nor moved to another address
 * or send (the signature covers both). It does not expire: a link in an old email keeps working.
 *
 * Shape: `<send id>.<base64url(email)>.<base64url(HMAC-SHA256)>`.
 */
const TOKEN = /^(\d{1,10})\.([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/;

const PURPOSE = 'mass-email-unsubscribe';

export function unsubscribeToken(secret: string, sendId: number, email: string): string {
  const payload = `${sendId}.${Buffer.from(email, 'utf8').toString('base64url')}`;
  return `${payload}.${signature(secret, PURPOSE, payload)}`;
}

/** The send and address a token names, or null when it is not one of ours. */
export function readUnsubscribeToken(
  secret: string,
  token: string,
): { sendId: number; email: string } | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const [, sendId = '', encoded = '', given = ''] = match;
  if (!signatureMatches(secret, PURPOSE, `${sendId}.${encoded}`, given)) return null;
  const email = Buffer.from(encoded, 'base64url').toString('utf8');
  return email.includes('@') ? { sendId: Number(sendId), email } : null;
}

export function unsubscribeUrl(appUrl: string, token: string): string {
  return `${appUrl}/unsubscribe?token=${encodeURIComponent(token)}`;
}
