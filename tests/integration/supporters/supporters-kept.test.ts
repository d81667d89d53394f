import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportUserData } from '../../../api/modules/people/account-data';
import { forgetMemberSupporters } from '../../../api/modules/supporters/connections';
import { countSupporters, supporterPage } from '../../../api/modules/supporters/list';
import { supporterFilter } from '../../../api/modules/supporters/schema';
import type { DbHandle } from '../../../db/client';
import { aCandidate, aMember, giveGift, makeDonor } from '../../factories/donations';
import { anEventOf, aSignup, supporterOf } from '../../factories/supporters';
import { createTestDatabase } from '../../factories/test-db';

/**
 * The supporters table follows its sources (docs/decisions/0100-supporters.md): a follow, a gift
 * received, a refund, a monthly gift and an event sign-up each change the person's row for that
 * campaign only; a row with nothing left goes.
 */
let handle: DbHandle;
const db = () => handle.db;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

const view = (raw: Record<string, string> = {}, sort: 'name' | 'gave' = 'name') => ({
  filter: supporterFilter.parse(raw),
  sort,
});

describe('the supporter rows', () => {
  it('a follower is a supporter of the followee only, and leaves with the unfollow', async () => {
    const campaign = await aCandidate(db());
    const other = await aCandidate(db());
    const fan = await aMember(db());
    await db().insertInto('follows').values({ follower_id: fan.id, followee_id: campaign.id }).execute();
    const row = await supporterOf(db(), campaign.id, { userId: fan.id });
    expect(row).toMatchObject({ follows: true, gifts: 0, email: null });
    expect(row?.name).toMatch(/^Morgan Member/);
    expect(await supporterOf(db(), other.id, { userId: fan.id })).toBeUndefined();

    await db().deleteFrom('follows').where('follower_id', '=', fan.id).execute();
    expect(await supporterOf(db(), campaign.id, { userId: fan.id })).toBeUndefined();
  });

  it('a guest donor is keyed by email: paid gifts add up, a refund leaves the total but keeps the person', async () => {
    const campaign = await aCandidate(db());
    const email = 'Gita.Giver@Example.org';
    const donorId = await makeDonor(db(), { first: 'Gita', last: 'Giver', email });
    await giveGift(db(), {
      candidateId: campaign.id,
      donorId,
      amountCents: 2_500,
      first: 'Gita',
      last: 'Giver',
      email,
    });
    const second = await giveGift(db(), {
      candidateId: campaign.id,
      donorId,
      amountCents: 10_000,
      first: 'Gita',
      last: 'Giver',
      email,
    });
    await giveGift(db(), { candidateId: campaign.id, donorId, amountCents: 700, status: 'pending', email });
    let row = await supporterOf(db(), campaign.id, { email });
    expect(row).toMatchObject({ gifts: 2, name: 'Gita Giver', email: 'gita.giver@example.org', state: 'OH' });
    expect(Number(row?.gave_cents)).toBe(12_500);

    await db()
      .updateTable('donations')
      .set({ status: 'refunded', refunded_at: new Date(), refund_reason: 'Gave twice' })
      .where('id', '=', second.id)
      .execute();
    row = await supporterOf(db(), campaign.id, { email });
    expect(row).toMatchObject({ gifts: 1 });
    expect(Number(row?.gave_cents)).toBe(2_500);
    expect(Number(row?.refunded_cents)).toBe(10_000);
  });

  it('a deleted account leaves every list, its gifts kept; its export names the campaigns that held it', async () => {
    const campaign = await aCandidate(db());
    const member = await aMember(db());
    await db().insertInto('follows').values({ follower_id: member.id, followee_id: campaign.id }).execute();
    const exported = await exportUserData(db(), member.id);
    expect(exported.campaigns).toMatchObject([
      { ownerId: campaign.id, campaign: 'Casey Candidate', follows: true },
    ]);
    await db()
      .transaction()
      .execute((trx) => forgetMemberSupporters(trx, member.id));
    const row = await supporterOf(db(), campaign.id, { userId: member.id });
    expect(row?.disconnected_at).toBeInstanceOf(Date);
    expect((await countSupporters(db(), campaign.id, {})).total).toBe(0);
  });

  it('an event sign-up counts toward the host, with the ZIP the person gave', async () => {
    const org = await aMember(db(), 'organization');
    const eventId = await anEventOf(db(), org.id);
    await aSignup(db(), eventId, { email: 'val@volunteers.test', name: 'Val Volunteer', zip: '15213' });
    const row = await supporterOf(db(), org.id, { email: 'val@volunteers.test' });
    expect(row).toMatchObject({ events: 1, zip5: '15213', name: 'Val Volunteer', gifts: 0 });
  });

  it('filters and sorts the list of one campaign', async () => {
    const campaign = await aCandidate(db());
    for (const [first, last, cents] of [
      ['Ann', 'Able', 1_000],
      ['Bea', 'Baker', 50_000],
      ['Cal', 'Cole', 5_000],
    ] as const) {
      await giveGift(db(), { candidateId: campaign.id, amountCents: cents, first, last });
    }
    const fan = await aMember(db());
    await db().insertInto('follows').values({ follower_id: fan.id, followee_id: campaign.id }).execute();

    const byName = await supporterPage(db(), campaign.id, view(), {});
    expect(byName.rows.map((r) => r.name.split(' ')[0])).toEqual(['Ann', 'Bea', 'Cal', 'Morgan']);
    const byGave = await supporterPage(db(), campaign.id, view({}, 'gave'), {});
    expect(byGave.rows[0]?.name).toBe('Bea Baker');
    const big = await supporterPage(db(), campaign.id, view({ minGave: '100', gave: 'yes' }), {});
    expect(big.rows.map((r) => r.name)).toEqual(['Bea Baker']);
    const followers = await supporterPage(db(), campaign.id, view({ follows: 'yes' }), {});
    expect(followers.rows).toHaveLength(1);
    expect((await countSupporters(db(), campaign.id, view({ q: 'cole' }).filter)).total).toBe(1);

    const first = await supporterPage(db(), campaign.id, view(), { limit: 2 });
    const next = await supporterPage(db(), campaign.id, view(), { limit: 2, after: first.last });
    expect(next.rows.map((r) => r.name.split(' ')[0])).toEqual(['Cal', 'Morgan']);
    // Filtered, the sort reads through an expression (no index walk): the pages still join up.
    const givers = view({ minGave: '1' }, 'gave');
    const top = await supporterPage(db(), campaign.id, givers, { limit: 2 });
    const rest = await supporterPage(db(), campaign.id, givers, { limit: 2, after: top.last });
    expect([...top.rows, ...rest.rows].map((r) => r.name)).toEqual(['Bea Baker', 'Cal Cole', 'Ann Able']);
    const back = await supporterPage(db(), campaign.id, givers, { limit: 2, before: rest.first });
    expect(back.rows.map((r) => r.name)).toEqual(['Bea Baker', 'Cal Cole']);
    expect((await countSupporters(db(), campaign.id, supporterFilter.parse({ zip: '432' }))).total).toBe(3);
  });
});
