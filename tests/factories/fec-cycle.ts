import { randomBytes } from 'node:crypto';
import { mulberry32 } from '../../api/seed/members';
import type { Db } from '../../db/client';

/**
 * A seeded election cycle for the FEC report tests and bench (docs/decisions/0090-fec-reports.md):
 * a House candidate (primary 2026-05-05, general 2026-11-03) with a committee in Ohio, and `gifts`
 * contributions from January 2025 to election day, written straight to the tables in batches.
 * Guests and members, both elections, a share refunded, monthly renewals, donor rows joined into
 * one person, employer and occupation given, answered after the best-efforts follow-up, or left
 * unanswered, and names and streets that need transliterating or cutting. Every gift is returned
 * as written, so a test can compute what the report must say on its own.
 */
export const CYCLE_ELECTIONS = { primaryOn: '2026-05-05', generalOn: '2026-11-03' };
export const CYCLE_ZONE = 'America/New_York';

export interface CycleGift {
  id: string;
  person: number;
  amountCents: number;
  receivedAt: Date;
  refundedAt: Date | null;
  employer: string | null;
}

const FIRST = ['Ana', 'José', 'Zoë', 'Bjørn', 'Mary-Kate', 'Nguyễn', 'Łukasz', 'Émile', 'Sam', 'Priya'];
const LAST = ['Núñez', 'Smith', 'O’Brien', 'Straße', 'Johnson', 'García-Márquez', 'Lee', 'Wójcik'];
const STREETS = [
  '12 Elm Street',
  '4500 North Riverside Boulevard Apartment 12B',
  'Calle Añil 9',
  '1 Main St',
];
const JOBS = [
  ['Ohio State University', 'Professor'],
  ['Self-employed', 'Electrician'],
  ['Riverside Methodist Hospital and Regional Medical Center', 'Registered Nurse Practitioner'],
  ['Retired', 'Retired'],
] as const;
const AMOUNTS = [500, 1000, 2500, 5000, 10_000, 15_000, 25_000, 50_000, 100_000, 250_000];

const START = Date.parse('2025-01-01T05:00:00Z');
const END = Date.parse('2026-11-03T05:00:00Z');

export async function seedFecCycle(
  db: Db,
  gifts: number,
  options: { seed?: number; keepGifts?: boolean } = {},
): Promise<{ candidateId: number; gifts: CycleGift[] }> {
  const rand = mulberry32(options.seed ?? 46);
  const pick = <T>(items: readonly T[]) => items[Math.floor(rand() * items.length)]!;
  const tag = randomBytes(4).toString('hex');
  const candidate = await db
    .insertInto('users')
    .values({
      email: `fec-${tag}@example.test`,
      kind: 'individual',
      first_name: 'Casey',
      last_name: 'Candidate',
      handle: `fec-${tag}`,
      is_candidate: true,
      state: 'OH',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const candidateId = candidate.id;
  await db
    .insertInto('candidate_elections')
    .values({
      candidate_id: candidateId,
      primary_on: CYCLE_ELECTIONS.primaryOn,
      general_on: CYCLE_ELECTIONS.generalOn,
    })
    .execute();
  await db
    .insertInto('fec_committees')
    .values({
      candidate_id: candidateId,
      committee_id: 'C00990046',
      committee_name: 'Casey Candidate for Congress',
      street_1: '250 East Broad Street',
      street_2: null,
      city: 'Columbus',
      state: 'OH',
      zip: '43215',
      candidate_fec_id: 'H6OH03109',
      office: 'H',
      election_state: 'OH',
      election_district: '03',
      treasurer_first_name: 'Teresa',
      treasurer_last_name: 'Alvarez',
      time_zone: null,
    })
    .execute();

  // A donor row per ~5 gifts; a few members; one row in 20 joined to an earlier row's person.
  const donorCount = Math.max(10, Math.round(gifts / 5));
  const members = await db
    .insertInto('users')
    .values(
      Array.from({ length: Math.min(20, donorCount) }, (_, i) => ({
        email: `fec-member-${tag}-${i}@example.test`,
        kind: 'individual' as const,
        first_name: 'Morgan',
        last_name: `Member${i}`,
      })),
    )
    .returning('id')
    .execute();
  const donorIds: number[] = [];
  const personOf: number[] = [];
  for (let i = 0; i < donorCount; i += 2000) {
    const rows = await db
      .insertInto('donors')
      .values(
        Array.from({ length: Math.min(2000, donorCount - i) }, (_, k) => ({
          user_id: i + k < members.length ? members[i + k]!.id : null,
          email_key: `donor-${tag}-${i + k}@example.org`,
          name_key: `donor ${i + k}`,
          zip5: '43215',
        })),
      )
      .returning('id')
      .execute();
    donorIds.push(...rows.map((r) => r.id));
  }
  for (let i = 0; i < donorIds.length; i++) personOf.push(donorIds[i]!);
  const joins: { id: number; person: number }[] = [];
  for (let i = 40; i < donorIds.length; i += 20) {
    personOf[i] = personOf[i - 17]!;
    joins.push({ id: donorIds[i]!, person: personOf[i]! });
  }
  for (const j of joins)
    await db.updateTable('donors').set({ person_id: j.person }).where('id', '=', j.id).execute();

  const recurring = await db
    .insertInto('recurring_donations')
    .values(
      donorIds.slice(0, 10).map((donorId, k) => ({
        reference: `FECR-${tag}-${k}`,
        candidate_id: candidateId,
        donor_id: donorId,
        amount_cents: 2500,
        email: `donor-${tag}-${k}@example.org`,
        status: 'active' as const,
      })),
    )
    .returning(['id', 'donor_id'])
    .execute();
  const recurringOf = new Map(recurring.map((r) => [r.donor_id, r.id]));

  const written: CycleGift[] = [];
  const BATCH = 500;
  for (let n = 0; n < gifts; n += BATCH) {
    const rows = [];
    const meta: Omit<CycleGift, 'id'>[] = [];
    for (let k = n; k < Math.min(gifts, n + BATCH); k++) {
      const d = Math.floor(rand() * donorIds.length);
      const donorId = donorIds[d]!;
      const renewal = recurringOf.get(donorId);
      const receivedAt = new Date(START + Math.floor(rand() * (END - START)));
      const primary = receivedAt.getTime() < Date.parse('2026-05-06T04:00:00Z') && rand() > 0.1;
      const amountCents = renewal ? 2500 : pick(AMOUNTS);
      const refunded = rand() < 0.03;
      const refundedAt = refunded
        ? new Date(Math.min(receivedAt.getTime() + Math.floor(rand() * 40 * 86_400_000), END))
        : null;
      // Employer: given (60%), answered after the follow-up (10%), unanswered (15%), never asked (15%).
      const r = rand();
      const job = r < 0.7 ? pick(JOBS) : null;
      const followedUp = r >= 0.6 && r < 0.85;
      rows.push({
        reference: `FEC-${tag}-${k}`,
        candidate_id: candidateId,
        donor_id: donorId,
        user_id: null,
        recurring_id: renewal ?? null,
        period_start: renewal ? receivedAt : null,
        amount_cents: amountCents,
        election: primary ? ('primary' as const) : ('general' as const),
        status: refunded ? ('refunded' as const) : ('paid' as const),
        first_name: FIRST[d % FIRST.length]!,
        last_name: `${LAST[d % LAST.length]!}${d % 3 === 0 ? '' : ` ${d}`}`,
        email: `donor-${tag}-${d}@example.org`,
        street: STREETS[d % STREETS.length]!,
        city: d % 7 === 0 ? 'Cuyahoga Falls Township North District' : 'Columbus',
        state: 'OH',
        zip: d % 5 === 0 ? '43215-1234' : '43215',
        employer: job?.[0] ?? null,
        occupation: job?.[1] ?? null,
        attested_at: receivedAt,
        created_at: receivedAt,
        paid_at: receivedAt,
        refunded_at: refundedAt,
        refund_reason: refunded ? 'Donor asked for it back' : null,
        follow_up_sent_at: followedUp ? receivedAt : null,
        follow_up_answered_at: followedUp && job ? receivedAt : null,
      });
      meta.push({ person: personOf[d]!, amountCents, receivedAt, refundedAt, employer: job?.[0] ?? null });
    }
    const ids = await db.insertInto('donations').values(rows).returning('id').execute();
    if (options.keepGifts !== false)
      for (let i = 0; i < ids.length; i++) written.push({ id: String(ids[i]!.id), ...meta[i]! });
  }
  return { candidateId, gifts: written };
}
