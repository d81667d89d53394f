import { signature, signatureMatches } from '../../auth/signatures';

/**
 * The link in every sign-up email that shows the sign-up and cancels it (decision 0092): the sign-up's
 * id signed with the app secret. It names no person (the id is a row number) and cannot be forged or
 * moved to another sign-up without the secret. Shape: `<id>.<base64url(HMAC-SHA256)>`.
 */
const TOKEN = /^(\d{1,10})\.([A-Za-z0-9_-]{43})$/;

const PURPOSE = 'event-signup';

export function signupToken(secret: string, signupId: number): string {
  return `${signupId}.${signature(secret, PURPOSE, String(signupId))}`;
}

/** The sign-up a token names, or null when it is not one of ours. */
export function readSignupToken(secret: string, token: string): number | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  return signatureMatches(secret, PURPOSE, String(id), match[2]) ? id : null;
}

export const signupPath = (token: string) => `/events/signups/${token}`;
