import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { deferNameTokens, indexNameTokens } from '../../db/name-tokens';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { buildAccounts } from './accounts';
import { seedAnalyticsDemo } from './analytics-demo';
import { seedCatalog } from './catalog';
import { seedConsoleDemo } from './console-demo';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts';
import { seedDemoAffiliates } from './demo-affiliates';
import { seedDemoCommittee } from './demo-committee';
import { seedDemoDonations } from './demo-donations';
import { seedDemoEvents } from './demo-events';
import { seedDemoGotv } from './demo-gotv';
import { seedDemoJobs } from './demo-jobs';
import { seedDemoMembership } from './demo-membership';
import { seedDemoOrders } from './demo-orders';
import { seedDemoSocial } from './demo-social';
import { seedDemoSupportTickets } from './demo-support-tickets';
import { loadReferenceOptions, type ReferenceOptionsLoaded } from './load-reference-options';
import { generateMembers } from './members';
import { type UpsertCounts, upsertUsers } from './user-rows';

export const DEFAULT_MEMBER_COUNT = 300;
const MEMBER_BATCH_SIZE = 1000;
// Any constant works; it only has to be the same for every process that seeds this database.
const SEED_LOCK_KEY = 727_202_601;

export interface SeedOptions {
  /** How many generated members must exist (members 0..n-1); existing extra members are kept. */
  members?: number;
  log?: (msg: string) => void;
}

export interface SeedSummary {
  referenceOptions: ReferenceOptionsLoaded;
  demoAccounts: UpsertCounts & { total: number; passwordHashed: boolean };
  members: UpsertCounts & { total: number };
  ms: number;
}

/**
 * Brings the database to the seed's state: reference lists, demo accounts, generated members.
 * Idempotent: a second run writes nothing (rows equal to the seed are not touched, so
 * updated_at stays put). Everything after the password check runs in one transaction.
 */
export async function seedDatabase(db: Db, options: SeedOptions = {}): Promise<SeedSummary> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const memberCount = options.members ?? DEFAULT_MEMBER_COUNT;
  if (!Number.isInteger(memberCount) || memberCount < 0) {
    throw new RangeError(`members must be a non-negative integer, got ${memberCount}`);
  }

  // argon2 is deliberately slow, so it stays outside the transaction and runs at most once.
  const passwords = await demoPasswordHashes(db);
  if (passwords.hashed) log('Hashed the demo password');

  const summary = await db.transaction().execute(async (trx) => {
    // Two servers starting together would otherwise race on the same upserts.
    await sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx);
    // Search tokens are built once, set-based, after the bulk upserts (see db/name-tokens.ts).
    await deferNameTokens(trx);
    const writtenIds: number[] = [];

    const referenceOptions = await loadReferenceOptions(trx);
    log(`Reference options: ${referenceOptions.written} written, ${referenceOptions.deleted} deleted`);

    const {
      writtenIds: demoIds,
      enrolled,
      ...demo
    } = await buildAccounts(trx, DEMO_ACCOUNTS, (email) => passwords.byEmail.get(email.toLowerCase())!);
    writtenIds.push(...demoIds);
    await dropStaffRowsOfDemoMembers(trx);
    log(`Demo accounts: ${demo.inserted} inserted, ${demo.updated} updated`);
    if (enrolled) log(`Demo staff two-factor sign-in: ${enrolled} enrolled`);

    const members: UpsertCounts = { inserted: 0, updated: 0 };
    for (const batch of generateMembers(memberCount, 0, MEMBER_BATCH_SIZE)) {
      const counts = await upsertUsers(trx, batch);
      members.inserted += counts.inserted;
      members.updated += counts.updated;
      writtenIds.push(...counts.writtenIds);
    }
    log(`Members: ${members.inserted} inserted, ${members.updated} updated`);

    const consoleDemo = await seedConsoleDemo(trx);
    log(
      `Console demo: ${consoleDemo.coupons} coupons, ${consoleDemo.redFlags} red flags, ${consoleDemo.blockedIps} blocked IPs`,
    );
    const catalog = await seedCatalog(trx);
    if (catalog.products) log(`Catalog: ${catalog.products} products inserted`);
    const orders = await seedDemoOrders(trx);
    if (orders) log(`Demo orders: ${orders} inserted`);
    const tickets = await seedDemoSupportTickets(trx);
    if (tickets) log(`Demo support tickets: ${tickets} inserted`);
    const partners = await seedDemoAffiliates(trx);
    if (partners.orders || partners.affiliates) {
      log(`Partners demo: ${partners.orders} vendor orders, ${partners.affiliates} affiliate`);
    }
    const donations = await seedDemoDonations(trx);
    writtenIds.push(...donations.writtenIds);
    if (donations.gifts) log(`Demo donations: ${donations.gifts} gifts`);
    if (await seedDemoCommittee(trx)) log('Demo FEC committee: Marisol Grant for Congress');
    const memberships = await seedDemoMembership(trx);
    if (memberships) log(`Demo memberships: ${memberships} subscriptions`);
    const jobs = await seedDemoJobs(trx);
    if (jobs) log(`Demo jobs: ${jobs} postings`);
    const events = await seedDemoEvents(trx);
    if (events) log(`Demo events: ${events} events`);
    const gotv = await seedDemoGotv(trx);
    if (gotv) log(`Demo GOTV: a sent email to ${gotv} members in Ohio`);
    const social = await seedDemoSocial(trx);
    if (social.posts) log(`Demo social: ${social.posts} posts`);
    const analytics = await seedAnalyticsDemo(trx);
    if (analytics.sessions) {
      log(
        `Analytics demo: ${analytics.sessions} sessions, ${analytics.pageViews} page views, ${analytics.clicks} clicks`,
      );
    }
    const indexed = await indexNameTokens(trx, writtenIds);
    if (indexed !== 'none') log(`Search tokens: ${indexed === 'rebuilt' ? 'rebuilt' : 'updated'}`);

    return {
      referenceOptions,
      demoAccounts: { ...demo, total: DEMO_ACCOUNTS.length, passwordHashed: passwords.hashed },
      members: { ...members, total: memberCount },
    };
  });
  return { ...summary, ms: Math.round(performance.now() - started) };
}

/**
 * The hash each demo account should carry: its stored hash when that still verifies
 * (so reruns change nothing), otherwise one fresh hash shared by every account that needs it.
 */
async function demoPasswordHashes(db: Db): Promise<{ byEmail: Map<string, string>; hashed: boolean }> {
  const emails = DEMO_ACCOUNTS.map((a) => a.user.email.toLowerCase());
  const stored = await db
    .selectFrom('users')
    .select([sql<string>`lower(email)`.as('email'), 'password_hash'])
    .where(sql`lower(email)`, 'in', emails)
    .execute();

  const verdicts = new Map<string, boolean>();
  for (const { password_hash: hash } of stored) {
    if (hash && !verdicts.has(hash)) verdicts.set(hash, await verifyPassword(hash, DEMO_PASSWORD));
  }
  const storedByEmail = new Map(stored.map((r) => [r.email, r.password_hash]));
  const verifies = (email: string) => {
    const hash = storedByEmail.get(email);
    return hash ? verdicts.get(hash) === true : false;
  };
  // Any stored hash that verifies serves an account that lacks one: no hashing at all on reruns.
  let shared = [...verdicts].find(([, ok]) => ok)?.[0];
  let hashed = false;
  if (!shared && !emails.every(verifies)) {
    shared = await hashPassword(DEMO_PASSWORD);
    hashed = true;
  }

  const byEmail = new Map<string, string>();
  for (const email of emails) byEmail.set(email, verifies(email) ? storedByEmail.get(email)! : shared!);
  return { byEmail, hashed };
}

/** A demo account that is not staff in the seed (any more) loses its staff row. */
async function dropStaffRowsOfDemoMembers(db: Db): Promise<void> {
  const emails = DEMO_ACCOUNTS.filter((a) => !a.staff).map((a) => a.user.email.toLowerCase());
  const members = db.selectFrom('users').select('id').where(sql`lower(email)`, 'in', emails);
  await db.deleteFrom('staff_members').where('user_id', 'in', members).execute();
}
