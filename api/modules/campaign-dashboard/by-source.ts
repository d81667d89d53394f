import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import { sendOfRefcode } from '../../contract/giving-links';
import { paidGift } from '../donations/paid-gifts';

/**
 * "By source" on /campaign-dashboard (docs/decisions/0094-refcodes-and-honest-monthly.md): the
 * candidate's paid gifts grouped by the refcode of the link they came from, a monthly gift's
 * renewals under the refcode that brought it. Every paid gift is in exactly one row (no refcode is
 * its own row), so the rows' money sums to "Raised".
 */
export interface SourceRow {
  /** The refcode, or null for gifts that came without one. */
  refcode: string | null;
  /** The email send an `em-{send}` refcode names, with its subject when the candidate sent it. */
  send: { id: number; subject: string | null } | null;
  gifts: number;
  cents: number;
  donors: number;
  /** Monthly gifts begun from this source (each counted once, however many times it renewed). */
  newMonthly: number;
}

export async function givingBySource(db: Db, candidateId: number): Promise<SourceRow[]> {
  const rows = await db
    .selectFrom('donations as d')
    .select([
      'd.refcode',
      sql<string>`count(*)`.as('gifts'),
      sql<string>`coalesce(sum(d.amount_cents), 0)`.as('cents'),
      sql<string>`count(DISTINCT d.donor_id)`.as('donors'),
      sql<string>`count(DISTINCT d.recurring_id)`.as('monthly'),
    ])
    .where('d.candidate_id', '=', candidateId)
    .where(paidGift('d'))
    .groupBy('d.refcode')
    .orderBy(sql`sum(d.amount_cents)`, 'desc')
    .orderBy('d.refcode')
    .execute();
  const sendIds = rows.map((r) => sendOfRefcode(r.refcode)).filter((id): id is number => id !== null);
  // Only the candidate's own sends are named by subject; a staff send is named by its number.
  const subjects = new Map(
    sendIds.length === 0
      ? []
      : (
          await db
            .selectFrom('mass_email_sends')
            .select(['id', 'subject'])
            .where('id', 'in', sendIds)
            .where('created_by', '=', candidateId)
            .execute()
        ).map((s) => [s.id, s.subject] as const),
  );
  return rows.map((r) => {
    const sendId = sendOfRefcode(r.refcode);
    return {
      refcode: r.refcode,
      send: sendId === null ? null : { id: sendId, subject: subjects.get(sendId) ?? null },
      gifts: Number(r.gifts),
      cents: Number(r.cents),
      donors: Number(r.donors),
      newMonthly: Number(r.monthly),
    };
  });
}

/** A source's name as the table and the CSV show it. */
export function sourceLabel(row: Pick<SourceRow, 'refcode' | 'send'>): string {
  if (row.refcode === null) return 'No refcode';
  if (row.send) return `Email ${row.send.id}${row.send.subject ? `: ${row.send.subject}` : ''}`;
  return row.refcode;
}

export const SOURCE_COLUMNS = ['source', 'refcode', 'gifts', 'amount', 'donors', 'new_monthly_gifts'];

/** The CSV's rows, money in dollars with cents. */
export function sourceCsvRows(rows: SourceRow[]): string[][] {
  return rows.map((r) => [
    sourceLabel(r),
    r.refcode ?? '',
    String(r.gifts),
    (r.cents / 100).toFixed(2),
    String(r.donors),
    String(r.newMonthly),
  ]);
}
