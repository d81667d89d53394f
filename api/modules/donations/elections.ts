import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import type { Election } from '../../contract/fec-limits';

/** A candidate's two election dates, as 'YYYY-MM-DD' (candidate_elections). */
export interface ElectionDates {
  primaryOn: string;
  generalOn: string;
}

export type ElectionChoice = { ok: true; election: Election } | { ok: false; message: string };

const newYorkDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/New_York',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar date in America/New_York at `at`, 'YYYY-MM-DD' (docs/decisions/0021-campaign-donations.md: elections are dated there). */
export function newYorkDay(at: Date): string {
  return newYorkDate.format(at);
}

export async function loadElectionDates(db: Db, candidateId: number): Promise<ElectionDates | null> {
  const row = await db
    .selectFrom('candidate_elections')
    .select([sql<string>`primary_on::text`.as('primary_on'), sql<string>`general_on::text`.as('general_on')])
    .where('candidate_id', '=', candidateId)
    .executeTakeFirst();
  return row ? { primaryOn: row.primary_on, generalOn: row.general_on } : null;
}

/**
 * Which election a gift made on `at` counts toward (docs/product/rulings.md, "Added 2026-11-23"):
 * on or before the primary, the primary unless the donor designates the general; later, the
 * general up to its day; after the general, none.
 */
export function electionFor(dates: ElectionDates, at: Date, designateGeneral: boolean): ElectionChoice {
  const today = newYorkDay(at);
  if (today <= dates.primaryOn && !designateGeneral) return { ok: true, election: 'primary' };
  if (today <= dates.generalOn) return { ok: true, election: 'general' };
  return { ok: false, message: "The general election is over; this campaign can't accept gifts." };
}

/** Whether the form still offers "count toward the general election": only while the primary is ahead. */
export function primaryAhead(dates: ElectionDates, at: Date): boolean {
  return newYorkDay(at) <= dates.primaryOn;
}
