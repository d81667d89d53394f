import { BEST_EFFORTS_STATEMENT } from '../../contract/donations';
import { dollars } from '../../contract/money';
import type { EmailMessage } from '../../ports/email';
import { linkToken } from './references';

/** The absolute link a recurring gift's receipt carries to cancel it (a confirmation page; POST cancels). */
export function cancelLink(appUrl: string, secret: string, recurringReference: string): string {
  const token = linkToken(secret, 'donation-cancel', recurringReference);
  return `${appUrl}/donate/recurring/${recurringReference}/cancel?token=${token}`;
}

/** The best-efforts follow-up's link (/donate/follow-up/{ref}). */
export function followUpLink(appUrl: string, secret: string, reference: string): string {
  const token = linkToken(secret, 'donation-follow-up', reference);
  return `${appUrl}/donate/follow-up/${reference}?token=${token}`;
}

export interface ReceiptFacts {
  to: string;
  candidateName: string;
  amountCents: number;
  election: string;
  reference: string;
  /** A monthly gift: its cancel link. */
  cancelUrl?: string;
}

export function receiptEmail(r: ReceiptFacts): EmailMessage {
  return {
    to: r.to,
    subject: `Your donation to ${r.candidateName}: ${r.reference}`,
    text: [
      `Thank you for your ${r.cancelUrl ? 'monthly ' : ''}gift to ${r.candidateName}.`,
      '',
      `Amount: ${dollars(r.amountCents)}${r.cancelUrl ? ' every month' : ''}`,
      `Candidate: ${r.candidateName}`,
      `Election: the ${r.election} election`,
      `Reference: ${r.reference}`,
      '',
      ...(r.cancelUrl ? ['To cancel your monthly gift, open this link and confirm:', r.cancelUrl, ''] : []),
      'Contributions to federal candidates are not tax-deductible.',
    ].join('\n'),
  };
}

export function stoppedEmail(r: {
  to: string;
  candidateName: string;
  amountCents: number;
  reason: 'limit' | 'election-over';
  election?: string;
}): EmailMessage {
  const why =
    r.reason === 'limit'
      ? `this month's gift would have passed the $3,500 federal limit for the ${r.election} election. That charge was not kept as a gift.`
      : 'the general election is over, so the campaign cannot accept more gifts.';
  return {
    to: r.to,
    subject: `Your monthly gift to ${r.candidateName} has stopped`,
    text: [
      `Your monthly gift of ${dollars(r.amountCents)} to ${r.candidateName} has stopped because ${why}`,
      '',
      'No further monthly charges will be made. Thank you for your support.',
    ].join('\n'),
  };
}

export function followUpEmail(r: { to: string; candidateName: string; link: string }): EmailMessage {
  return {
    to: r.to,
    subject: `One question about your gifts to ${r.candidateName}`,
    text: [
      `Thank you for your gifts to ${r.candidateName}.`,
      '',
      BEST_EFFORTS_STATEMENT,
      '',
      'Please tell us your employer and occupation here:',
      r.link,
    ].join('\n'),
  };
}
