import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import { type DayRange, daysBetween } from '../../contract/day-ranges';
import { zonedDayBounds } from '../../platform/zoned-time';
import { paidGift, receivedGift } from '../donations/paid-gifts';

/**
 * What a candidate sees on /campaign-dashboard (docs/product/rulings.md, "Donations";
 * docs/decisions/0023-campaign-dashboard-and-refunds.md). Only their own PAID gifts count: pending, failed, expired and refunded
 * ones raised nothing.
 */
export interface DashboardTotals {
  raisedCents: number;
  gifts: number;
  donors: number;
  /** What the candidate's active monthly gifts bring each month. */
  recurringMonthlyCents: number;
}

export interface GiftDay {
  day: string;
  gifts: number;
  cents: number;
}

export interface TopDonor {
  donorId: number;
  name: string;
  totalCents: number;
  gifts: number;
}

export interface RecentGift {
  id: string;
  reference: string;
  name: string;
  amountCents: number;
  paidAt: Date;
  campaign: string | null;
  recurring: boolean;
  /** Set when the gift was given back: it stays listed, marked, so it does not vanish unexplained. */
  refundedAt: Date | null;
}

export async function dashboardTotals(db: Db, candidateId: number): Promise<DashboardTotals> {
  const [gifts, recurring] = await Promise.all([
    db
      .selectFrom('donations')
      .select([
        sql<string>`coalesce(sum(amount_cents), 0)`.as('raised'),
        sql<string>`count(*)`.as('gifts'),
        sql<string>`count(DISTINCT donor_id)`.as('donors'),
      ])
      .where('candidate_id', '=', candidateId)
      .where(paidGift('donations'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('recurring_donations')
      .select(sql<string>`coalesce(sum(amount_cents), 0)`.as('monthly'))
      .where('candidate_id', '=', candidateId)
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow(),
  ]);
  return {
    raisedCents: Number(gifts.raised),
    gifts: Number(gifts.gifts),
    donors: Number(gifts.donors),
    recurringMonthlyCents: Number(recurring.monthly),
  };
}

/**
 * Paid gifts per day of the range on the campaign's clock (`zone`, campaignTimeZone), every day
 * listed (zero when none).
 */
export async function giftsByDay(
  db: Db,
  candidateId: number,
  range: DayRange,
  zone: string,
): Promise<GiftDay[]> {
  const { start, end } = zonedDayBounds(range.from, range.to, zone);
  const rows = await db
    .selectFrom('donations')
    .select([
      sql<string>`to_char(paid_at AT TIME ZONE ${zone}, 'YYYY-MM-DD')`.as('day'),
      sql<string>`count(*)`.as('gifts'),
      sql<string>`sum(amount_cents)`.as('cents'),
    ])
    .where('candidate_id', '=', candidateId)
    .where(paidGift('donations'))
    .where('paid_at', '>=', start)
    .where('paid_at', '<', end)
    .groupBy(sql`1`)
    .execute();
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return daysBetween(range.from, range.to).map((day) => {
    const r = byDay.get(day);
    return { day, gifts: Number(r?.gifts ?? 0), cents: Number(r?.cents ?? 0) };
  });
}

/** The donors who gave the most (paid), with the name of their latest gift. */
export async function topDonors(db: Db, candidateId: number, limit = 10): Promise<TopDonor[]> {
  const rows = await db
    .selectFrom('donations')
    .select([
      'donor_id',
      sql<string>`(array_agg(first_name || ' ' || last_name ORDER BY paid_at DESC, id DESC))[1]`.as('name'),
      sql<string>`sum(amount_cents)`.as('total'),
      sql<string>`count(*)`.as('gifts'),
    ])
    .where('candidate_id', '=', candidateId)
    .where(paidGift('donations'))
    .groupBy('donor_id')
    .orderBy(sql`sum(amount_cents)`, 'desc')
    .orderBy('donor_id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    donorId: r.donor_id,
    name: r.name,
    totalCents: Number(r.total),
    gifts: Number(r.gifts),
  }));
}

/** The latest gifts received, paid or paid and later refunded (docs/decisions/0077-refunds-the-candidate-sees.md). */
export async function recentGifts(db: Db, candidateId: number, limit = 10): Promise<RecentGift[]> {
  const rows = await db
    .selectFrom('donations as d')
    .leftJoin('campaigns as c', 'c.id', 'd.campaign_id')
    .select([
      'd.id',
      'd.reference',
      sql<string>`d.first_name || ' ' || d.last_name`.as('name'),
      'd.amount_cents',
      'd.paid_at',
      'c.name as campaign',
      'd.recurring_id',
      'd.refunded_at',
    ])
    .where('d.candidate_id', '=', candidateId)
    .where(receivedGift('d'))
    .orderBy('d.paid_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: String(r.id),
    reference: r.reference,
    name: r.name,
    amountCents: r.amount_cents,
    paidAt: r.paid_at as Date,
    campaign: r.campaign,
    recurring: r.recurring_id !== null,
    refundedAt: r.refunded_at ? new Date(r.refunded_at) : null,
  }));
}
