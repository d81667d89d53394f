import { centsFromDollars, MIN_GIFT_CENTS } from './donations';
import { INDIVIDUAL_LIMIT_PER_ELECTION_CENTS } from './fec-limits';

/**
 * What a donation link may carry (docs/decisions/0094-refcodes-and-honest-monthly.md): where the
 * donor came from (`refcode`, `refcode2`) and a preset amount in dollars (`amount=50`). Never a
 * frequency: nothing in a link pre-selects a monthly gift. Shared by the page that reads a link,
 * the form that posts it on, and the mass email that writes it. Imports nothing outside contract/.
 */

/** A refcode: letters, digits, '.', '_' and '-', at most 64. Anything else is dropped, not refused. */
const REFCODE = /^[A-Za-z0-9_.-]{1,64}$/;

/** The refcode as kept, or undefined when there is none or it is not one (a donor is never refused for it). */
export function cleanRefcode(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return REFCODE.test(trimmed) ? trimmed : undefined;
}

/** The refcode an email send puts on every donation link it carries. */
export function emailSendRefcode(sendId: number | 'preview'): string {
  return `em-${sendId}`;
}

/** The send an `em-{send}` refcode names, or null when it names none. */
export function sendOfRefcode(refcode: string | null | undefined): number | null {
  const match = /^em-(\d{1,9})$/.exec(refcode ?? '');
  return match ? Number(match[1]) : null;
}

export interface GivingLinkParams {
  refcode?: string;
  refcode2?: string;
  /** A preset amount the link asks for, when it is one the form takes. */
  amountCents?: number;
}

/** A donation link's query as the page reads it; `frequency` is not read, by design. */
export function givingLinkParams(query: (name: string) => string | undefined): GivingLinkParams {
  const amount = centsFromDollars(query('amount') ?? '');
  const amountOk =
    Number.isInteger(amount) && amount >= MIN_GIFT_CENTS && amount <= INDIVIDUAL_LIMIT_PER_ELECTION_CENTS;
  return {
    refcode: cleanRefcode(query('refcode')),
    refcode2: cleanRefcode(query('refcode2')),
    amountCents: amountOk ? amount : undefined,
  };
}
