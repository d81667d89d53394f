import { signature, signatureMatches } from '../../auth/signatures';

/**
 * A mass email's tracked link (docs/decisions/0099-designed-email-and-click-tracking.md):
 * `/email-link/<send>.<recipient row>.<link index>.<HMAC>`, signed with the app secret. It names
 * no address and no target: the target is the send's own link at that index, so a link cannot be
 * made to send anyone elsewhere, nor counted for another recipient, without the secret.
 */
const TOKEN = /^(\d{1,10})\.(\d{1,19})\.(\d{1,4})\.([A-Za-z0-9_-]{43})$/;

export interface ClickRef {
  sendId: number;
  recipientId: string;
  linkIndex: number;
}

const PURPOSE = 'mass-email-click';

export function clickToken(secret: string, ref: ClickRef): string {
  const payload = `${ref.sendId}.${ref.recipientId}.${ref.linkIndex}`;
  return `${payload}.${signature(secret, PURPOSE, payload)}`;
}

/** What a token names, or null when it was not signed here. */
export function readClickToken(secret: string, token: string): ClickRef | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const [, sendId = '', recipientId = '', linkIndex = '', given = ''] = match;
  if (!signatureMatches(secret, PURPOSE, `${sendId}.${recipientId}.${linkIndex}`, given)) return null;
  return { sendId: Number(sendId), recipientId, linkIndex: Number(linkIndex) };
}

export const CLICK_PATH = '/email-link';

export function clickUrl(appUrl: string, secret: string, ref: ClickRef): string {
  return `${appUrl}${CLICK_PATH}/${clickToken(secret, ref)}`;
}
