import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { avatarUrlFor } from '../contract/avatars';
import { reserveHeadroom } from '../modules/donations/ledger';
import { DEMO_EMAIL_DOMAIN } from './demo-accounts';
import { mulberry32 } from './members';
import { type SeedUserRow, upsertUsers } from './user-rows';

/**
 * Demo campaign donations (docs/decisions/0023-campaign-dashboard-and-refunds.md). Election dates float with the day the seed runs
 * (Marisol Grant's primary 60 days ahead, general 180), so a fresh `npm start` on any day can take
 * gifts; two more candidates, one whose general is already past (her page refuses gifts); a
 * CampaignDonation campaign with a goal; and a month of paid gifts for Marisol (about 150 from 60
 * donors, some monthly, a few itemized with employer and occupation, one refunded), each paid gift
 * reserved in the limit ledger as the giving flow does. Pseudo-random with a fixed seed: the same
 * shapes every time. Reruns insert nothing once the demo gifts exist.
 */
const DAY_MS = 86_400_000;
const CANDIDATE_EMAIL_DOMAIN = 'candidates.campaignhq.test';
const CREATED_AT = '2025-02-10T15:00:00.000Z';
export const DEMO_GIFT_PREFIX = 'DEMO-G';

function candidateRow(
  first: string,
  last: string,
  handle: string,
  state: string,
  office: string,
): SeedUserRow {
  const email = `${handle}@${CANDIDATE_EMAIL_DOMAIN}`;
  return {
    email,
    // No password: they cannot sign in; they give the demo more than one candidate to give to.
    password_hash: null,
    kind: 'individual',
    first_name: first,
    last_name: last,
    org_name: null,
    handle,
    is_vendor: false,
    is_candidate: true,
    is_admin: false,
    state,
    party: null,
    position: null,
    bio: null,
    profile_image: avatarUrlFor(`${first} ${last}`, email),
    candidate_office: office,
    candidate_district: null,
    email_verified_at: CREATED_AT,
    blocked_at: null,
    setup_completed_at: CREATED_AT,
    created_at: CREATED_AT,
    updated_at: CREATED_AT,
  };
}

export const DEMO_CANDIDATES = [
  candidateRow('Avery', 'Chen', 'avery-chen', 'PA', 'U.S. Senate'),
  candidateRow('Samuel', 'Ortiz', 'samuel-ortiz', 'AZ', 'U.S. House'),
];

const FIRST = [
  'Ana',
  'Ben',
  'Carla',
  'Dev',
  'Elena',
  'Frank',
  'Grace',
  'Hector',
  'Imani',
  'Jon',
  'Keiko',
  'Luis',
];
const LAST = ['Adams', 'Baker', 'Cruz', 'Diaz', 'Evans', 'Foster', 'Green', 'Hughes', 'Iqbal', 'Jensen'];
const CITIES = [
  ['Columbus', 'OH', '43215'],
  ['Dayton', 'OH', '45402'],
  ['Cleveland', 'OH', '44114'],
  ['Cincinnati', 'OH', '45202'],
  ['Pittsburgh', 'PA', '15222'],
] as const;
const JOBS = [
  ['Ohio State University', 'Professor'],
  ['Nationwide', 'Actuary'],
  ['Self-employed', 'Electrician'],
  ['Riverside Methodist Hospital', 'Nurse'],
  ['Columbus City Schools', 'Teacher'],
  ['Retired', 'Retired'],
] as const;
const SMALL = [500, 1000, 1500, 2000, 2500, 3500, 5000];
const LARGE = [25_000, 50_000, 100_000];

const day = (at: Date) => at.toISOString().slice(0, 10);

/** The seed's fixed-seed dice: the same numbers in the same order on every run. */
interface Dice {
  rand: () => number;
  pick: <T>(items: readonly T[]) => T;
}

function demoDice(): Dice {
  const rand = mulberry32(20_261_124);
  return { rand, pick: (items) => items[Math.floor(rand() * items.length)]! };
}

type DemoPerson = ReturnType<typeof demoPeople>[number];

interface PlannedGift {
  person: DemoPerson;
  cents: number;
  at: Date;
  recurringId: number | null;
}

/** The candidates' ids by handle: Marisol Grant (from the accounts seed) and the two above. */
async function candidateIdsByHandle(db: Db): Promise<Map<string | null, number>> {
  const ids = await db
    .selectFrom('users')
    .select(['id', 'handle'])
    .where('handle', 'in', ['marisol-grant', 'avery-chen', 'samuel-ortiz'])
    .where('is_candidate', '=', true)
    .execute();
  return new Map(ids.map((r) => [r.handle, r.id]));
}

/** Election dates that float with the day the seed runs; a candidate's existing dates are kept. */
async function seedElections(db: Db, idOf: Map<string | null, number>, marisol: number, now: Date) {
  const inDays = (n: number) => day(new Date(now.getTime() + n * DAY_MS));
  const elections = [
    { candidate_id: marisol, primary_on: inDays(60), general_on: inDays(180) },
    { candidate_id: idOf.get('avery-chen')!, primary_on: inDays(30), general_on: inDays(150) },
    // Past: this candidate's page refuses gifts (docs/product/rulings.md, "Elections for the donation limit").
    { candidate_id: idOf.get('samuel-ortiz')!, primary_on: inDays(-200), general_on: inDays(-20) },
  ].filter((e) => e.candidate_id);
  await db
    .insertInto('candidate_elections')
    .values(elections)
    .onConflict((oc) => oc.column('candidate_id').doNothing())
    .execute();
}

/** Whether an earlier run already wrote the demo gifts (then a rerun inserts nothing). */
async function demoGiftsExist(db: Db): Promise<boolean> {
  const existing = await db
    .selectFrom('donations')
    .select('id')
    .where('reference', 'like', `${DEMO_GIFT_PREFIX}%`)
    .limit(1)
    .executeTakeFirst();
  return Boolean(existing);
}

async function insertDemoCampaign(db: Db, marisol: number) {
  return db
    .insertInto('campaigns')
    .values({
      candidate_id: marisol,
      type: 'CampaignDonation',
      name: 'Knock every door in OH-03',
      description: 'Field organizers, walk lists and literature for the spring canvass.',
      goal_cents: 2_500_000,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

// 60 donors: the first 8 give large gifts (itemized, with employer and occupation), the rest
// small ones that stay under $200 in all; donors 8..13 give monthly.
function demoPeople({ pick }: Dice) {
  return Array.from({ length: 60 }, (_, i) => {
    const first = FIRST[i % FIRST.length]!;
    const last = LAST[Math.floor(i / FIRST.length) % LAST.length]!;
    const [city, state, zip] = pick(CITIES);
    return { i, first, last, email: `${first}.${last}.${i}@example.org`.toLowerCase(), city, state, zip };
  });
}

/** One donor row a person, in the people's order (donors[i] is person i's). */
async function insertDonors(db: Db, people: DemoPerson[]) {
  return db
    .insertInto('donors')
    .values(
      people.map((p) => ({
        email_key: p.email,
        name_key: `${p.first} ${p.last}`.toLowerCase(),
        zip5: p.zip,
      })),
    )
    .returning('id')
    .execute();
}

/** The monthly gifts of donors 8..13, started over the last 25 days. */
async function insertRecurring(
  db: Db,
  people: DemoPerson[],
  donors: { id: number }[],
  marisol: number,
  now: Date,
) {
  return db
    .insertInto('recurring_donations')
    .values(
      people.slice(8, 14).map((p, k) => ({
        reference: `DEMO-R${String(k + 1).padStart(3, '0')}`,
        candidate_id: marisol,
        donor_id: donors[p.i]!.id,
        amount_cents: 2500,
        email: p.email,
        status: 'active' as const,
        created_at: new Date(now.getTime() - (25 - k) * DAY_MS),
      })),
    )
    .returning(['id', 'donor_id', 'created_at'])
    .execute();
}

/**
 * The 150 gifts of the month, oldest first: two large ones from each of the first 8 donors, the
 * first payment of each monthly gift, then small ones that keep each small donor under $200.
 */
function planGifts(
  people: DemoPerson[],
  donors: { id: number }[],
  recurring: { id: number; donor_id: number; created_at: Date }[],
  { rand, pick }: Dice,
  now: Date,
): PlannedGift[] {
  const gifts: PlannedGift[] = [];
  const smallTotal = new Map<number, number>();
  const at = (daysAgo: number) =>
    new Date(now.getTime() - daysAgo * DAY_MS - Math.floor(rand() * 8 * 3_600_000));
  for (const person of people.slice(0, 8)) {
    for (let g = 0; g < 2; g++)
      gifts.push({ person, cents: pick(LARGE), at: at(1 + Math.floor(rand() * 29)), recurringId: null });
  }
  for (const r of recurring) {
    const person = people.find((p) => donors[p.i]!.id === r.donor_id)!;
    gifts.push({ person, cents: 2500, at: r.created_at, recurringId: r.id });
    smallTotal.set(person.i, 2500);
  }
  const small = people.slice(8);
  while (gifts.length < 150) {
    const person = small[Math.floor(rand() * small.length)]!;
    const cents = pick(SMALL);
    const total = (smallTotal.get(person.i) ?? 0) + cents;
    if (total > 20_000) continue;
    smallTotal.set(person.i, total);
    gifts.push({ person, cents, at: at(Math.floor(rand() * 30)), recurringId: null });
  }
  gifts.sort((a, b) => a.at.getTime() - b.at.getTime());
  return gifts;
}

/** The staff member the refunded gift names as refunding it (none when the accounts seed has none). */
async function financeAdminId(db: Db): Promise<number | null> {
  const admin = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', `finance@${DEMO_EMAIL_DOMAIN}`)
    .executeTakeFirst();
  return admin?.id ?? null;
}

/** The donations rows: about 30% of gifts go to the campaign, the tenth newest is refunded. */
function donationRows(
  gifts: PlannedGift[],
  donors: { id: number }[],
  ctx: { marisol: number; campaignId: number; adminId: number | null; rand: () => number },
) {
  const refundedAt = gifts.length - 10;
  return gifts.map((g, n) => {
    const donorId = donors[g.person.i]!.id;
    const job = g.person.i < 8 ? JOBS[g.person.i % JOBS.length]! : null;
    const refunded = n === refundedAt;
    return {
      reference: `${DEMO_GIFT_PREFIX}${String(n + 1).padStart(4, '0')}`,
      candidate_id: ctx.marisol,
      donor_id: donorId,
      campaign_id: ctx.rand() < 0.3 ? ctx.campaignId : null,
      recurring_id: g.recurringId,
      period_start: g.recurringId ? g.at : null,
      amount_cents: g.cents,
      election: 'primary' as const,
      status: refunded ? ('refunded' as const) : ('paid' as const),
      first_name: g.person.first,
      last_name: g.person.last,
      email: g.person.email,
      street: `${100 + g.person.i * 7} Main Street`,
      city: g.person.city,
      state: g.person.state,
      zip: g.person.zip,
      employer: job?.[0] ?? null,
      occupation: job?.[1] ?? null,
      attested_at: g.at,
      created_at: g.at,
      paid_at: g.at,
      refunded_at: refunded ? new Date(g.at.getTime() + DAY_MS) : null,
      refunded_by: refunded ? ctx.adminId : null,
      refund_reason: refunded ? 'The donor gave twice by mistake.' : null,
    };
  });
}

/** One reservation per donor for the sum of their paid gifts: the same ledger as gift by gift. */
async function reservePaidGifts(
  db: Db,
  marisol: number,
  rows: { status: string; donor_id: number; amount_cents: number }[],
) {
  const paidByDonor = new Map<number, number>();
  for (const row of rows) {
    if (row.status === 'paid')
      paidByDonor.set(row.donor_id, (paidByDonor.get(row.donor_id) ?? 0) + row.amount_cents);
  }
  for (const [donorId, cents] of paidByDonor) {
    const reserved = await reserveHeadroom(db, { candidateId: marisol, donorId, election: 'primary' }, cents);
    if (!reserved.ok) throw new Error(`demo donor ${donorId} passes the limit`);
  }
}

/** The refunded gift's date would fall in the future for the newest gifts; keep it in the past. */
async function keepRefundInThePast(db: Db) {
  await db
    .updateTable('donations')
    .set({ refunded_at: sql`least(refunded_at, now())` })
    .where('reference', 'like', `${DEMO_GIFT_PREFIX}%`)
    .where('status', '=', 'refunded')
    .execute();
}

export async function seedDemoDonations(
  db: Db,
  now = new Date(),
): Promise<{ gifts: number; writtenIds: number[] }> {
  const { writtenIds } = await upsertUsers(db, DEMO_CANDIDATES);
  const idOf = await candidateIdsByHandle(db);
  const marisol = idOf.get('marisol-grant');
  if (!marisol) return { gifts: 0, writtenIds };
  await seedElections(db, idOf, marisol, now);
  if (await demoGiftsExist(db)) return { gifts: 0, writtenIds };

  const dice = demoDice();
  const campaign = await insertDemoCampaign(db, marisol);
  const people = demoPeople(dice);
  const donors = await insertDonors(db, people);
  const recurring = await insertRecurring(db, people, donors, marisol, now);
  const gifts = planGifts(people, donors, recurring, dice, now);
  const adminId = await financeAdminId(db);
  const rows = donationRows(gifts, donors, { marisol, campaignId: campaign.id, adminId, rand: dice.rand });
  await db.insertInto('donations').values(rows).execute();
  await reservePaidGifts(db, marisol, rows);
  await keepRefundInThePast(db);
  return { gifts: rows.length, writtenIds };
}
