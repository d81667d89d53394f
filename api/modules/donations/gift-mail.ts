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
  /** A monthly gift: when the next charge comes, and the signed link to change, pause or cancel it. */
  nextChargeAt?: Date | undefined;
  manageUrl?: string | undefined;
}

/** A date as a receipt says it: "December 29, 2026" (UTC, as the provider's periods are). */
const longDate = (at: Date) =>
  at.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/**
 * A monthly gift stops after this many declined charges in a row (the first try and the
 * provider's retries; Stripe reports each retry as an event, on the schedule set in its dashboard,
 * so the email does not promise a day). docs/decisions/0094.
 */
export const FAILED_RENEWALS_BEFORE_STOP = 4;

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
      ...(r.cancelUrl
        ? [
            'This gift repeats every month until you cancel.',
            ...(r.nextChargeAt ? [`Next charge: ${longDate(r.nextChargeAt)}`] : []),
            ...(r.manageUrl ? ['To change the amount, pause or cancel it, open:', r.manageUrl] : []),
            'To cancel your monthly gift, open this link and confirm:',
            r.cancelUrl,
            '',
          ]
        : []),
      'Contributions to federal candidates are not tax-deductible.',
    ].join('\n'),
  };
}

export function stoppedEmail(r: {
  to: string;
  candidateName: string;
  amountCents: number;
  reason: 'limit' | 'election-over' | 'card';
  election?: string;
}): EmailMessage {
  const why =
    r.reason === 'limit'
      ? `this month's gift would have passed the $3,500 federal limit for the ${r.election} election. That charge was not kept as a gift.`
      : r.reason === 'card'
        ? 'your card was declined several times in a row. You can start a new monthly gift on the donation page.'
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

/** A renewal was declined: update the card before the next try (docs/decisions/0094). */
export function cardUpdateEmail(r: {
  to: string;
  candidateName: string;
  amountCents: number;
  /** How many more declined tries stop the gift. */
  triesLeft: number;
  manageUrl: string;
}): EmailMessage {
  return {
    to: r.to,
    subject: `Your monthly gift to ${r.candidateName} did not go through`,
    text: [
      `This month's gift of ${dollars(r.amountCents)} to ${r.candidateName} was declined by your card.`,
      '',
      `The card will be tried again over the coming days; after ${r.triesLeft} more declined ${r.triesLeft === 1 ? 'try' : 'tries'} the gift stops. To give with another card, open this link and choose "Update my card" (the next try charges it); you can also change the amount, pause or cancel there:`,
      r.manageUrl,
      '',
      'If every try is declined, the monthly gift stops and nothing more is charged.',
    ].join('\n'),
  };
}
