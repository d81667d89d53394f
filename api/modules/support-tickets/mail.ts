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

export function confirmationEmail(
  config: MailConfig,
  ticket: { reference: string; email: string; subject: string; message: string },
): EmailMessage {
  return {
    to: ticket.email,
    subject: `We received your request ${ticket.reference}: ${ticket.subject}`,
    text: [
      `Thank you for contacting Campaign HQ support. Your request ${ticket.reference} is in our queue and we answer most requests within one business day.`,
      '',
      quote(ticket.message),
      '',
      'Read the conversation and add to it at any time:',
      threadLink(config, ticket.reference),
      '',
      'Keep this link to yourself: anyone who has it can read and answer this request.',
    ].join('\n'),
  };
}

export function replyEmail(
  config: MailConfig,
  ticket: { reference: string; email: string; subject: string },
  reply: { body: string; resolved: boolean },
): EmailMessage {
  return {
    to: ticket.email,
    subject: `Re: ${ticket.subject} [${ticket.reference}]`,
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
