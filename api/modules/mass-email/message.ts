import type { EmailMessage } from '../../ports/email';
import { tagDonationLinks } from './donation-links';
import { unsubscribeToken, unsubscribeUrl } from './unsubscribe-token';

/** What a mass email needs to build its links: the public origin and the app secret. */
export interface MassEmailLinks {
  appUrl: string;
  appSecret: string;
}

export interface SendContent {
  id: number;
  subject: string;
  body: string;
  from_name: string;
  audience_reason: string;
}

/** Stands in for the token in a preview: the link shows the invalid-link page, unsubscribing nobody. */
export const PREVIEW_TOKEN = 'preview';

/** The name `{{firstName}}` becomes when a recipient has none. */
export const FIRST_NAME_FALLBACK = 'friend';

/** `{{firstName}}` (spaces allowed inside the braces) is the one merge field. */
export function mergeFields(text: string, firstName: string | null): string {
  const name = firstName?.trim() || FIRST_NAME_FALLBACK;
  return text.replace(/\{\{\s*firstName\s*\}\}/g, () => name);
}

/**
 * One recipient's email: the merged subject and body (its donation links carrying the send as
 * their refcode, donation-links.ts), a footer with why they get it and the
 * unsubscribe link, and the RFC 8058 headers (List-Unsubscribe with the same https link, and
 * List-Unsubscribe-Post so a mail client can unsubscribe with one POST).
 */
export function renderMassEmail(
  send: SendContent,
  recipient: { email: string; first_name: string | null },
  links: MassEmailLinks,
  options: { preview?: boolean } = {},
): EmailMessage {
  const token = options.preview ? PREVIEW_TOKEN : unsubscribeToken(links.appSecret, send.id, recipient.email);
  const url = unsubscribeUrl(links.appUrl, token);
  const body = mergeFields(send.body, recipient.first_name);
  const footer = [
    '--',
    `You receive this email because ${send.audience_reason}.`,
    `Unsubscribe: ${url}`,
  ].join('\n');
  return {
    to: recipient.email,
    subject: mergeFields(send.subject, recipient.first_name),
    text: `${tagDonationLinks(body, links.appUrl, options.preview ? 'preview' : send.id).trimEnd()}\n\n${footer}\n`,
    fromName: send.from_name,
    headers: {
      'List-Unsubscribe': `<${url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
