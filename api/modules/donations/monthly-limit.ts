import { type Election, INDIVIDUAL_LIMIT_PER_ELECTION_CENTS } from '../../contract/fec-limits';
import { dollars } from '../../contract/money';
import { type ElectionDates, electionFor, newYorkDay } from './elections';

/** The monthly charges from `next` up to and including `lastDay` ('YYYY-MM-DD', New York). */
export function chargesUntil(next: Date, lastDay: string): number {
  let charges = 0;
  const at = new Date(next);
  while (newYorkDay(at) <= lastDay && charges < 120) {
    charges++;
    at.setUTCMonth(at.getUTCMonth() + 1);
  }
  return charges;
}

/**
 * A monthly gift's new amount against the limit, for the months left (docs/decisions/0094): the
 * charges from the next one up to the day of the election they count toward, on top of what the
 * donor has already given toward it. Null when it fits; else the refusal, with the most that fits.
 */
export async function monthlyAmountRefusal(input: {
  dates: ElectionDates;
  nextChargeAt: Date;
  designatedGeneral: boolean;
  amountCents: number;
  /** What the donor has given (and holds) toward that election so far. */
  committedCents: (election: Election) => Promise<number>;
}): Promise<string | null> {
  const choice = electionFor(input.dates, input.nextChargeAt, input.designatedGeneral);
  if (!choice.ok) return choice.message;
  const electionDay = choice.election === 'primary' ? input.dates.primaryOn : input.dates.generalOn;
  const charges = chargesUntil(input.nextChargeAt, electionDay);
  const given = await input.committedCents(choice.election);
  if (given + charges * input.amountCents <= INDIVIDUAL_LIMIT_PER_ELECTION_CENTS) return null;
  const most = Math.floor((INDIVIDUAL_LIMIT_PER_ELECTION_CENTS - given) / Math.max(1, charges) / 100) * 100;
  return `At ${dollars(input.amountCents)} a month, the ${charges} charges before the ${choice.election} election would pass the $3,500 limit. You can give up to ${dollars(Math.max(0, most))} a month.`;
}
