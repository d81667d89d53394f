import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../../../api/seed/seed';
import type { DbHandle } from '../../../db/client';
import { createTestDatabase } from '../../factories/test-db';

/** The demo donations of api/seed/demo-donations.ts (docs/decisions/0023-campaign-dashboard-and-refunds.md). */
let handle: DbHandle;
const dayFromNow = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  handle = await createTestDatabase();
  await seedDatabase(handle.db, { members: 0 });
});
afterAll(() => handle.close());

async function candidate(handleName: string) {
  return handle.db
    .selectFrom('users as u')
    .innerJoin('candidate_elections as e', 'e.candidate_id', 'u.id')
    .select([
      'u.id',
      'u.is_candidate',
      sql<string>`e.primary_on::text`.as('primary'),
      sql<string>`e.general_on::text`.as('general'),
    ])
    .where('u.handle', '=', handleName)
    .executeTakeFirstOrThrow();
}

describe('demo donations', () => {
  it('dates the elections from the day the seed runs, one candidate already past the general', async () => {
    const marisol = await candidate('marisol-grant');
    expect(marisol).toMatchObject({ is_candidate: true, primary: dayFromNow(60), general: dayFromNow(180) });
    expect((await candidate('avery-chen')).general > dayFromNow(0)).toBe(true);
    expect((await candidate('samuel-ortiz')).general < dayFromNow(0)).toBe(true);
  });

  it('gives Marisol a month of gifts from about 60 donors, one refunded, a campaign and monthly donors', async () => {
    const { id } = await candidate('marisol-grant');
    const gifts = await handle.db
      .selectFrom('donations')
      .selectAll()
      .where('candidate_id', '=', id)
      .execute();
    expect(gifts).toHaveLength(150);
    expect(new Set(gifts.map((g) => g.donor_id)).size).toBeGreaterThanOrEqual(50);
    expect(gifts.filter((g) => g.status === 'refunded')).toHaveLength(1);
    const monthAgo = Date.now() - 31 * 86_400_000;
    for (const g of gifts) expect(new Date(g.paid_at!).getTime()).toBeGreaterThan(monthAgo);
    expect(gifts.some((g) => g.recurring_id !== null)).toBe(true);
    const campaign = await handle.db
      .selectFrom('campaigns')
      .selectAll()
      .where('candidate_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(campaign.goal_cents).toBeGreaterThan(0);
    // Every donor whose paid total passes $200 gave employer and occupation.
    const totals = new Map<number, number>();
    for (const g of gifts)
      if (g.status === 'paid') totals.set(g.donor_id, (totals.get(g.donor_id) ?? 0) + g.amount_cents);
    const itemized = [...totals].filter(([, cents]) => cents > 20_000).map(([donor]) => donor);
    expect(itemized.length).toBeGreaterThan(0);
    for (const g of gifts.filter((x) => itemized.includes(x.donor_id)))
      expect(g.employer && g.occupation).toBeTruthy();

    // The ledger holds exactly the paid gifts.
    const ledger = await handle.db
      .selectFrom('donation_ledger')
      .selectAll()
      .where('candidate_id', '=', id)
      .execute();
    expect(Object.fromEntries(ledger.map((l) => [l.donor_id, l.committed_cents]))).toEqual(
      Object.fromEntries(totals),
    );
  });

  it('inserts nothing when run again', async () => {
    const count = async () =>
      Number(
        (
          await handle.db
            .selectFrom('donations')
            .select(sql<string>`count(*)`.as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    await seedDatabase(handle.db, { members: 0 });
    expect(await count()).toBe(before);
  });
});
