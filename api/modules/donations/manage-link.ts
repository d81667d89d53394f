import { linkToken, linkTokenValid } from './references';

/**
 * A monthly gift's manage link, in each of its receipts (docs/decisions/0094-refcodes-and-honest-monthly.md):
 * `/giving/monthly/{REC-ref}?expires={unix seconds}&token={HMAC}`. It opens that gift's page only,
 * expires (each month's receipt brings a fresh one), signs nobody in, and carries no personal data.
 */
export const MANAGE_LINK_DAYS = 45;

export interface ManagePass {
  expires: number;
  token: string;
}

const signed = (reference: string, expires: number) => `${reference}:${expires}`;

export function managePass(secret: string, reference: string, now = new Date()): ManagePass {
  const expires = Math.floor(now.getTime() / 1000) + MANAGE_LINK_DAYS * 86_400;
  return { expires, token: linkToken(secret, 'donation-manage', signed(reference, expires)) };
}

export function manageLink(appUrl: string, secret: string, reference: string, now = new Date()): string {
  const pass = managePass(secret, reference, now);
  return `${appUrl}/giving/monthly/${reference}?expires=${pass.expires}&token=${pass.token}`;
}

/** Whether the pass was signed for this gift with this secret and has not expired. */
export function managePassValid(
  secret: string,
  reference: string,
  pass: { expires: unknown; token: unknown },
  now = new Date(),
): boolean {
  const expires = Number(pass.expires);
  if (!Number.isInteger(expires) || expires * 1000 <= now.getTime()) return false;
  return linkTokenValid(secret, 'donation-manage', signed(reference, expires), pass.token);
}
