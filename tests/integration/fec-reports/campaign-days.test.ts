import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contributionRows } from '../../../api/modules/campaign-dashboard/compliance';
import { giftsByDay } from '../../../api/modules/campaign-dashboard/stats';
import { campaignTimeZone, saveCommittee } from '../../../api/modules/fec-reports/committee';
import { zonedDay } from '../../../api/platform/zoned-time';
import type { DbHandle } from '../../../db/client';
import { dashboardDate } from '../../../site/routes/campaign-dashboard/dashboard-date';
import { aCandidate, giveGift } from '../../factories/donations';
import { createTestDatabase } from '../../factories/test-db';

/**
 * One day for one gift everywhere a campaign looks (docs/decisions/0090-fec-reports.md): the
 * dashboard's chart and tables, its compliance export and the FEC reports count a gift on the day
 * it was received on the campaign's clock (its committee's zone, else its state's), not in UTC.
 */
let database: DbHandle;
beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(() => database?.close());

// 10:30 p.m. in Ohio on February 10, already February 11 in UTC.
const lateEvening = new Date('2026-02-11T03:30:00Z');
const february = { from: '2026-02-01', to: '2026-02-28' };

async function ohioCandidateWithALateGift() {
  const c = await aCandidate(database.db);
  await database.db.updateTable('users').set({ state: 'OH' }).where('id', '=', c.id).execute();
  await giveGift(database.db, { candidateId: c.id, amountCents: 5_000, paidAt: lateEvening });
  return c;
}

async function csvDays(candidateId: number, zone: string) {
  const days: unknown[] = [];
  for await (const page of contributionRows(database.db, candidateId, february, zone))
    days.push(...page.map((row) => row[0]));
  return days;
}

describe("a campaign's days", () => {
  it("are its state's before the committee is saved: the chart, the tables and the export agree", async () => {
    const c = await ohioCandidateWithALateGift();
    const zone = await campaignTimeZone(database.db, c.id);
    expect(zone).toBe('America/New_York');
    const days = await giftsByDay(database.db, c.id, february, zone);
    expect(days.filter((d) => d.gifts > 0)).toEqual([{ day: '2026-02-10', gifts: 1, cents: 5_000 }]);
    expect(dashboardDate(lateEvening, zone)).toBe('Feb 10, 2026');
    expect(await csvDays(c.id, zone)).toEqual(['2026-02-10']);
    expect(zonedDay(lateEvening, zone)).toBe('2026-02-10');
  });

  it("follow the committee's own zone once it is set", async () => {
    const c = await ohioCandidateWithALateGift();
    await saveCommittee(database.db, c.id, {
      committeeId: 'C00990318',
      committeeName: 'Casey for Congress',
      street1: '250 East Broad Street',
      street2: '',
      city: 'Columbus',
      state: 'OH',
      zip: '43215',
      candidateFecId: 'H6OH03109',
      office: 'H',
      electionState: 'OH',
      district: '03',
      treasurerFirstName: 'Teresa',
      treasurerLastName: 'Alvarez',
      timeZone: 'America/Los_Angeles',
    });
    const zone = await campaignTimeZone(database.db, c.id);
    expect(zone).toBe('America/Los_Angeles');
    const days = await giftsByDay(database.db, c.id, february, zone);
    expect(days.filter((d) => d.gifts > 0).map((d) => d.day)).toEqual(['2026-02-10']);
    // A range that ends on the 10th on this clock still holds the gift; one that starts on the 11th does not.
    expect(await csvDays(c.id, zone)).toEqual(['2026-02-10']);
    const after = [];
    for await (const page of contributionRows(
      database.db,
      c.id,
      { from: '2026-02-11', to: '2026-02-28' },
      zone,
    ))
      after.push(...page);
    expect(after).toEqual([]);
  });
});
