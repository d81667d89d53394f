import type { EmailMessage } from '../../ports/email';
import { threadPath, threadToken } from './references';

export interface MailConfig {
  appUrl: string;
  appSecret: string;
}

/** The signed link to the thread: opens it for a visitor, and for a member without signing in. */
export function threadLink(config: MailConfig, reference: string): string {
  return `${config.appUrl}${threadPath(reference, threadToken(config.appSecret, reference))}`;
}

const quote = (text: string) =>
  text
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');

/**
 * The requester's own words, quoted back only to an address shown to be theirs: a signed-in
 * member's verified account address. Anyone can type anyone's address into /contact, so a
 * visitor's confirmation (and any later mail to that address) would otherwise carry a stranger's
 * text from the campaign's sender (docs/product/rulings.md, "Added 2026-11-29").
 */
export type OwnWords = { subject: string; message: string } | null;

export function confirmationEmail(
  config: MailConfig,
  ticket: { reference: string; email: string },
  ownWords: OwnWords,
): EmailMessage {
  return {
    to: ticket.email,
    subject: ownWords
      ? `We received your request ${ticket.reference}: ${ownWords.subject}`
      : `We received your request ${ticket.reference}`,
    text: [
      `Thank you for contacting Campaign HQ support. Your request ${ticket.reference} is in our queue and we answer most requests within one business day.`,
      ...(ownWords ? ['', quote(ownWords.message)] : []),
      '',
      'Read the conversation and add to it at any time:',
      threadLink(config, ticket.reference),
      '',
      'Keep this link to yourself: anyone who has it can read and answer this request.',
    ].join('\n'),
  };
}

/** A staff answer; a visitor's request (no account) is named by its reference alone, as above. */
export function replyEmail(
  config: MailConfig,
  ticket: { reference: string; email: string; subject: string; user_id: number | null },
  reply: { body: string; resolved: boolean },
): EmailMessage {
  const about = ticket.user_id === null ? 'your request' : ticket.subject;
  return {
    to: ticket.email,
    subject: `Re: ${about} [${ticket.reference}]`,
    text: [
      'Our support team answered your request:',
      '',
      reply.body,
      '',
      reply.resolved
        ? 'We have marked this request resolved. If something is still wrong, answer on the page below and it opens again.'
        : 'Answer on the page below:',
      threadLink(config, ticket.reference),
    ].join('\n'),
  };
}
