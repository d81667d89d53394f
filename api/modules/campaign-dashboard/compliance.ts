import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import type { DayRange } from '../../contract/day-ranges';
import { ITEMIZATION_THRESHOLD_CENTS, needsEmployerAndOccupation } from '../../contract/fec-limits';
import { zonedDay, zonedDayBounds } from '../../platform/zoned-time';
import { paidGift, receivedGift } from '../donations/paid-gifts';
import { REFUNDED_WITHOUT_REASON } from './refunds';

/**
 * The candidate's compliance export (docs/product/rulings.md, "Donations"; docs/decisions/0023-campaign-dashboard-and-refunds.md):
 * every contribution received in the range (paid, or paid then refunded), with the donor's
 * aggregate to date including that gift, and the itemized donors (aggregate over $200) with
 * employer and occupation. Read in keyset pages so an export of any size streams in flat memory.
 * Only ever the given candidate's gifts: the door passes the signed-in candidate's own id.
 */
export const COMPLIANCE_PAGE = 500;

export const CONTRIBUTION_COLUMNS = [
  'date',
  'reference',
  'donor_name',
  'street',
  'city',
  'state',
  'zip',
  'email',
  'employer',
  'occupation',
  'amount',
  'election',
  'status',
  'aggregate_to_date',
  'itemized',
  // A refunded gift says when and why it was given back (docs/decisions/0077-refunds-the-candidate-sees.md).
  'refunded_on',
  'refund_reason',
] as const;

export const ITEMIZED_COLUMNS = [
  'donor_name',
  'street',
  'city',
  'state',
  'zip',
  'email',
  'employer',
  'occupation',
  'aggregate_to_date',
] as const;

/** 2500 → '25.00': a plain number a spreadsheet sums. */
export function csvAmount(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** The donor's name, address and work as a gift recorded them: the middle of both reports' rows. */
interface DonorContact {
  first_name: string;
  last_name: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  email: string;
  employer: string | null;
  occupation: string | null;
}

/** donor_name … occupation, in the order both column lists give them. */
const contactCells = (r: DonorContact) => [
  `${r.first_name} ${r.last_name}`,
  r.street,
  r.city,
  r.state,
  r.zip,
  r.email,
  r.employer,
  r.occupation,
];

/** The range's days, and each gift's, on the campaign's clock (campaignTimeZone). */
const bounds = (range: DayRange, zone: string) => zonedDayBounds(range.from, range.to, zone);

/** One page after row `after` (0 for the first): the rows numbered in (date, id) order. */
async function contributionPage(db: Db, candidateId: number, range: DayRange, zone: string, after: number) {
  const { start, end } = bounds(range, zone);
  // The aggregate runs over every gift of the donor to this candidate (not just the range), so a
  // gift in the range carries what came before it; refunded gifts add nothing to it.
  const result = await sql<
    DonorContact & {
      n: string;
      at: Date;
      reference: string;
      amount_cents: number;
      election: string;
      status: string;
      aggregate_cents: string | null;
      refunded_at: Date | null;
      refund_reason: string | null;
    }
  >`
    WITH gifts AS (
      SELECT d.id, coalesce(d.paid_at, d.created_at) AS at, d.reference, d.first_name, d.last_name,
        d.street, d.city, d.state, d.zip, d.email, d.employer, d.occupation, d.amount_cents,
        d.election, d.status, d.refunded_at, d.refund_reason,
        sum(d.amount_cents) FILTER (WHERE ${paidGift('d')})
          OVER (PARTITION BY d.donor_id ORDER BY coalesce(d.paid_at, d.created_at), d.id) AS aggregate_cents
      FROM donations d
      WHERE d.candidate_id = ${candidateId} AND ${receivedGift('d')}
    ), numbered AS (
      SELECT g.*, row_number() OVER (ORDER BY g.at, g.id) AS n
      FROM gifts g WHERE g.at >= ${start} AND g.at < ${end}
    )
    SELECT * FROM numbered WHERE n > ${after} ORDER BY n LIMIT ${COMPLIANCE_PAGE}`.execute(db);
  return result.rows;
}

/**
 * The contribution rows, page by page, each row in CONTRIBUTION_COLUMNS order. The caller writes
 * each page as it arrives.
 */
export async function* contributionRows(
  db: Db,
  candidateId: number,
  range: DayRange,
  zone: string,
): AsyncGenerator<unknown[][]> {
  let after = 0;
  for (;;) {
    const rows = await contributionPage(db, candidateId, range, zone, after);
    if (rows.length === 0) return;
    after = Number(rows[rows.length - 1]!.n);
    yield rows.map((r) => {
      const aggregate = Number(r.aggregate_cents ?? 0);
      return [
        zonedDay(r.at, zone),
        r.reference,
        ...contactCells(r),
        csvAmount(r.amount_cents),
        r.election,
        r.status,
        csvAmount(aggregate),
        needsEmployerAndOccupation(aggregate) ? 'yes' : 'no',
        r.status === 'refunded' ? zonedDay(r.refunded_at ?? r.at, zone) : '',
        r.status === 'refunded' ? (r.refund_reason ?? REFUNDED_WITHOUT_REASON) : '',
      ];
    });
    if (rows.length < COMPLIANCE_PAGE) return;
  }
}

/**
 * Donors who gave in the range and whose paid aggregate by its end passes $200, with the
 * details (and employer and occupation) of their latest gift, in ITEMIZED_COLUMNS order.
 */
export async function itemizedDonorRows(
  db: Db,
  candidateId: number,
  range: DayRange,
  zone: string,
): Promise<unknown[][]> {
  const { start, end } = bounds(range, zone);
  const result = await sql<DonorContact & { aggregate_cents: string }>`
    WITH paid AS (
      SELECT d.*, coalesce(d.paid_at, d.created_at) AS at FROM donations d
      WHERE d.candidate_id = ${candidateId} AND ${paidGift('d')}
        AND coalesce(d.paid_at, d.created_at) < ${end}
    ), totals AS (
      SELECT donor_id, sum(amount_cents) AS aggregate_cents FROM paid GROUP BY donor_id
      HAVING sum(amount_cents) > ${ITEMIZATION_THRESHOLD_CENTS}
        AND bool_or(at >= ${start})
    ), latest AS (
      SELECT DISTINCT ON (p.donor_id) p.donor_id, p.first_name, p.last_name, p.street, p.city, p.state,
        p.zip, p.email,
        (SELECT q.employer FROM paid q WHERE q.donor_id = p.donor_id AND q.employer IS NOT NULL
          ORDER BY q.at DESC, q.id DESC LIMIT 1) AS employer,
        (SELECT q.occupation FROM paid q WHERE q.donor_id = p.donor_id AND q.occupation IS NOT NULL
          ORDER BY q.at DESC, q.id DESC LIMIT 1) AS occupation
      FROM paid p ORDER BY p.donor_id, p.at DESC, p.id DESC
    )
    SELECT l.*, t.aggregate_cents FROM totals t JOIN latest l USING (donor_id)
    ORDER BY l.last_name, l.first_name, l.donor_id`.execute(db);
  return result.rows.map((r) => [...contactCells(r), csvAmount(Number(r.aggregate_cents))]);
}
