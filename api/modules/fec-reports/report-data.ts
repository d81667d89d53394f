import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../../db/client';
import { ITEMIZATION_THRESHOLD_CENTS } from '../../contract/fec-limits';
import type { ReportBounds } from './report-request';

/**
 * The queries behind a report (docs/decisions/0090-fec-reports.md). A contribution is a gift
 * received (paid, or paid and later refunded: a refund does not erase a receipt), dated by when
 * it was received in the committee's zone. Donors are people: donor rows found to be one person
 * (docs/decisions/0069-donations-one-identity-rule.md) aggregate together. A person's gifts in a
 * period are itemized when their election-cycle aggregate by the period's end passes $200.
 */

const received = (d: string) => sql.raw(`coalesce(${d}.paid_at, ${d}.created_at)`);
const person = (dn: string) => sql.raw(`coalesce(${dn}.person_id, ${dn}.id)`);
const receivedDay = (d: string, zone: string) => sql<string>`(${received(d)} AT TIME ZONE ${zone})::date`;

/** The period a gift's day belongs to: this report's for its own days, else the scheduled report's. */
function periodEnd(day: RawBuilder<string>, b: ReportBounds) {
  return sql<string>`CASE WHEN ${day} >= ${b.from}::date THEN ${b.through}::date ELSE least(coalesce(
    (SELECT min(e) FROM unnest(string_to_array(${b.scheduledEnds}, ',')::date[]) e WHERE e >= ${day}),
    ${b.through}::date), ${b.through}::date) END`;
}

/** The cycle's contributions up to the report's end, with their person, day and period. */
function cycleGifts(candidateId: number, b: ReportBounds) {
  return sql`SELECT d.id, d.donor_id, d.amount_cents AS cents, ${person('dn')} AS person,
      ${receivedDay('d', b.zone)} AS day
    FROM donations d JOIN donors dn ON dn.id = d.donor_id
    WHERE d.candidate_id = ${candidateId} AND d.status IN ('paid', 'refunded')
      AND ${received('d')} >= ${b.cycleStart} AND ${received('d')} < ${b.end}`;
}

export interface ColumnTotals {
  itemizedCents: number;
  unitemizedCents: number;
  refundsCents: number;
}

/** Column A (the period) and column B (the cycle to the period's end) of the receipts and refunds lines. */
export async function reportTotals(
  db: Db,
  candidateId: number,
  b: ReportBounds,
): Promise<{ a: ColumnTotals; b: ColumnTotals }> {
  // Each gift's period, then the person's running total by the end of each period (the window's
  // default frame takes every gift of the same period), then the sums of column A and B.
  const receipts = await sql<{ a_item: string; a_unitem: string; b_item: string; b_unitem: string }>`
    WITH g AS (${cycleGifts(candidateId, b)}),
    p AS (SELECT g.cents, g.person, g.day >= ${b.from}::date AS in_period, ${periodEnd(sql`g.day`, b)} AS period_end
      FROM g),
    f AS (SELECT cents, in_period,
      sum(cents) OVER (PARTITION BY person ORDER BY period_end) > ${ITEMIZATION_THRESHOLD_CENTS} AS itemized FROM p)
    SELECT
      coalesce(sum(cents) FILTER (WHERE in_period AND itemized), 0) AS a_item,
      coalesce(sum(cents) FILTER (WHERE in_period AND NOT itemized), 0) AS a_unitem,
      coalesce(sum(cents) FILTER (WHERE itemized), 0) AS b_item,
      coalesce(sum(cents) FILTER (WHERE NOT itemized), 0) AS b_unitem
    FROM f`.execute(db);
  const refunds = await sql<{ a: string; b: string }>`
    SELECT coalesce(sum(amount_cents) FILTER (WHERE refunded_at >= ${b.start}), 0) AS a,
      coalesce(sum(amount_cents), 0) AS b
    FROM donations WHERE candidate_id = ${candidateId} AND status = 'refunded'
      AND refunded_at >= ${b.cycleStart} AND refunded_at < ${b.end}`.execute(db);
  const r = receipts.rows[0]!;
  const f = refunds.rows[0]!;
  return {
    a: { itemizedCents: Number(r.a_item), unitemizedCents: Number(r.a_unitem), refundsCents: Number(f.a) },
    b: { itemizedCents: Number(r.b_item), unitemizedCents: Number(r.b_unitem), refundsCents: Number(f.b) },
  };
}

/**
 * The donor rows of every person itemized in the period, person by person: the SA lines are read
 * in chunks of whole people, so each person's running aggregate is exact.
 */
export async function itemizedPeople(
  db: Db,
  candidateId: number,
  b: ReportBounds,
): Promise<{ person: number; donorId: number }[]> {
  const result = await sql<{ person: number; donor_id: number }>`
    WITH g AS (${cycleGifts(candidateId, b)}),
    x AS (SELECT person, donor_id, sum(cents) OVER (PARTITION BY person) AS total,
      bool_or(day >= ${b.from}::date) OVER (PARTITION BY person) AS gave_in_period FROM g)
    SELECT DISTINCT person, donor_id FROM x
    WHERE total > ${ITEMIZATION_THRESHOLD_CENTS} AND gave_in_period ORDER BY person, donor_id`.execute(db);
  return result.rows.map((r) => ({ person: Number(r.person), donorId: Number(r.donor_id) }));
}

export interface ContributionRow {
  id: string;
  person: number;
  first_name: string;
  last_name: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  employer: string | null;
  occupation: string | null;
  follow_up_sent_at: Date | null;
  amount_cents: number;
  election: 'primary' | 'general';
  day: string;
}

/** The cycle's contributions of these donor rows up to the report's end, person by person, oldest first. */
export async function contributionsOf(
  db: Db,
  candidateId: number,
  b: ReportBounds,
  donorIds: number[],
): Promise<ContributionRow[]> {
  if (donorIds.length === 0) return [];
  const result = await sql<ContributionRow>`
    SELECT d.id, ${person('dn')} AS person, d.first_name, d.last_name, d.street, d.city, d.state, d.zip,
      d.employer, d.occupation, d.follow_up_sent_at, d.amount_cents, d.election,
      ${receivedDay('d', b.zone)}::text AS day
    FROM donations d JOIN donors dn ON dn.id = d.donor_id
    WHERE d.candidate_id = ${candidateId} AND d.donor_id IN (${sql.join(donorIds)})
      AND d.status IN ('paid', 'refunded')
      AND ${received('d')} >= ${b.cycleStart} AND ${received('d')} < ${b.end}
    ORDER BY person, ${received('d')}, d.id`.execute(db);
  return result.rows.map((r) => ({ ...r, person: Number(r.person) }));
}

export interface RefundRow extends ContributionRow {
  refund_day: string;
  refund_reason: string | null;
  /** Whether the refunded gift was itemized in the report that carried it. */
  original_itemized: boolean;
}

export const REFUND_PAGE = 5000;

/**
 * Refunds made in the period, by id after `after` ('0' first), each saying whether the refunded
 * gift was itemized in the report that carried it (the same running totals as reportTotals). The
 * window runs once over the cycle's gifts and the page is filtered from its output, then joined
 * to the gifts by key: joining the page to the window instead made PostgreSQL rerun the window
 * for every refund (11 s for 500 refunds of 30,000 gifts).
 */
export async function refundPage(
  db: Db,
  candidateId: number,
  b: ReportBounds,
  after: string,
): Promise<RefundRow[]> {
  const result = await sql<RefundRow>`
    WITH g AS (SELECT d.id, d.status, d.refunded_at, d.amount_cents AS cents, ${person('dn')} AS person,
        ${receivedDay('d', b.zone)} AS day
      FROM donations d JOIN donors dn ON dn.id = d.donor_id
      WHERE d.candidate_id = ${candidateId} AND d.status IN ('paid', 'refunded')
        AND ${received('d')} < ${b.end}),
    f AS (SELECT id, status, refunded_at, person, day,
      -- Gifts from before the cycle (refunded in it) count toward no cycle total and were not itemized in it.
      sum(CASE WHEN day >= ${b.cycleStartDay}::date THEN cents ELSE 0 END)
        OVER (PARTITION BY person ORDER BY ${periodEnd(sql`g.day`, b)}) > ${ITEMIZATION_THRESHOLD_CENTS}
        AND day >= ${b.cycleStartDay}::date AS itemized FROM g),
    page AS (SELECT id, person, day, itemized FROM f
      WHERE status = 'refunded' AND refunded_at >= ${b.start} AND refunded_at < ${b.end} AND id > ${after}
      ORDER BY id LIMIT ${REFUND_PAGE})
    SELECT d.id, page.person, d.first_name, d.last_name, d.street, d.city, d.state, d.zip, d.employer,
      d.occupation, d.follow_up_sent_at, d.amount_cents, d.election, page.day::text AS day,
      (d.refunded_at AT TIME ZONE ${b.zone})::date::text AS refund_day, d.refund_reason,
      page.itemized AS original_itemized
    FROM page JOIN donations d ON d.id = page.id ORDER BY d.id`.execute(db);
  return result.rows.map((r) => ({ ...r, person: Number(r.person) }));
}
