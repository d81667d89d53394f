import type { EmailMessage } from '../../ports/email';
import { type EmailBlock, mapBlockLinks, textToBlocks } from '../../ports/email/design/blocks';
import { designedParts } from '../../ports/email/design/render';
import { clickUrl } from './click-token';
import { tagDonationLinks } from './donation-links';
import { unsubscribeToken, unsubscribeUrl } from './unsubscribe-token';

/** What a mass email needs to build its links: the public origin and the app secret. */
export interface MassEmailLinks {
  appUrl: string;
  appSecret: string;
  /** MAIL_POSTAL_ADDRESS: the sender's postal address, the footer's last line when set. */
  MAIL_POSTAL_ADDRESS?: string | undefined;
}

export interface SendContent {
  id: number;
  subject: string;
  body: string;
  from_name: string;
  audience_reason: string;
  /** The send's tracked links in order (click-links.ts); absent in a preview, whose links go straight. */
  link_targets?: string[] | null;
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

/** The body as blocks, its donation links carrying the send as their refcode (donation-links.ts). */
export function sendBlocks(body: string, appUrl: string, sendId: number | 'preview'): EmailBlock[] {
  return textToBlocks(tagDonationLinks(body, appUrl, sendId));
}

/** The merge field filled in every block's words (links are left as they are). */
function mergeBlocks(blocks: EmailBlock[], firstName: string | null): EmailBlock[] {
  const merge = (text: string) => mergeFields(text, firstName);
  return blocks.map((block): EmailBlock => {
    if (block.kind === 'button') return { ...block, label: merge(block.label) };
    if (block.kind === 'image') return { ...block, alt: merge(block.alt) };
    if (block.kind === 'amounts') return block;
    return { ...block, text: merge(block.text) };
  });
}

/**
 * One recipient's email: the merged subject and body as designed blocks (HTML and plain text),
 * each of its links sent through our redirect for this recipient (click-token.ts) once the send's
 * links are fixed, a footer with why they get it and the unsubscribe link, and the RFC 8058
 * headers (List-Unsubscribe with the same https link, and List-Unsubscribe-Post so a mail client
 * can unsubscribe with one POST).
 */
export async function renderMassEmail(
  send: SendContent,
  recipient: { id?: string; email: string; first_name: string | null },
  links: MassEmailLinks,
  options: { preview?: boolean } = {},
): Promise<EmailMessage> {
  const token = options.preview ? PREVIEW_TOKEN : unsubscribeToken(links.appSecret, send.id, recipient.email);
  const url = unsubscribeUrl(links.appUrl, token);
  let blocks = sendBlocks(send.body, links.appUrl, options.preview ? 'preview' : send.id);
  const targets = send.link_targets;
  const recipientId = recipient.id;
  if (!options.preview && targets && recipientId !== undefined) {
    blocks = mapBlockLinks(blocks, (href) => {
      const linkIndex = targets.indexOf(href);
      return linkIndex === -1
        ? href
        : clickUrl(links.appUrl, links.appSecret, { sendId: send.id, recipientId, linkIndex });
    });
  }
  blocks = mergeBlocks(blocks, recipient.first_name);
  blocks.push({
    kind: 'footer',
    text: [
      `You receive this email because ${send.audience_reason}.`,
      `Unsubscribe: ${url}`,
      ...(links.MAIL_POSTAL_ADDRESS ? [links.MAIL_POSTAL_ADDRESS] : []),
    ].join('\n'),
  });
  const subject = mergeFields(send.subject, recipient.first_name);
  return {
    to: recipient.email,
    subject,
    ...(await designedParts(subject, blocks)),
    fromName: send.from_name,
    headers: {
      'List-Unsubscribe': `<${url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
