/**
 * Console counters benchmark (`npm run bench -- console-counters [--members 1000000]`;
 * needs DATABASE_URL, PostgreSQL; docs/decisions/0037-console-counters.md). In a scratch database
 * next to the one DATABASE_URL names: loads the members with bulk INSERT ... SELECT
 * generate_series (the counter triggers run per statement), then measures p50/p95 of
 * - the dashboard summary (GET /dashboard/summary) and the Users Location list (count + page),
 *   both from the counters, against the count(*) over users they replaced;
 * - 2,000 concurrent single sign-ups over 20 connections without, then with the counter
 *   triggers (the sharded counter rows), after which the counters must still equal count(*).
 */
import { sql } from 'kysely';
import { userLocationsSpec } from '../../api/doors/rest/resources/user-locations';
import { dashboardSummary } from '../../api/modules/dashboard/stats';
import { countRows } from '../../api/modules/lists/count';
import { readPage } from '../../api/modules/lists/keyset';
import { filteredRows } from '../../api/modules/lists/list-rows';
import { REFERENCE_LISTS } from '../../api/seed/reference-options';
import { openDatabase } from '../../db/client';
import { migrateToLatest } from '../../db/migrate';
import { deferNameTokens } from '../../db/name-tokens';
import { percentile, scratchDatabase } from './search-population';

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const MEMBERS = arg('members', 1_000_000);
const BATCH = 100_000;
const RUNS = 30;

const baseUrl = process.env.DATABASE_URL;
if (!baseUrl) {
  console.error('Set DATABASE_URL to a PostgreSQL server: this benchmark creates its own database there.');
  process.exit(1);
}

async function timed(label: string, run: () => Promise<unknown>, runs = RUNS) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(52)} p50 ${percentile(times, 50).toFixed(1).padStart(7)} ms   p95 ${percentile(times, 95)
      .toFixed(1)
      .padStart(7)} ms`,
  );
}

const scratch = await scratchDatabase(baseUrl);
const handle = await openDatabase({ databaseUrl: scratch.url, dataDir: 'unused', maxConnections: 20 });
try {
  const db = handle.db;
  await migrateToLatest(db);
  await db
    .insertInto('reference_options')
    .values(
      REFERENCE_LISTS.states.map((o, i) => ({
        list_name: 'states',
        value: o.value,
        label: o.label,
        position: i + 1,
      })),
    )
    .execute();
  const states = REFERENCE_LISTS.states.map((o) => o.value);

  const started = performance.now();
  await db.transaction().execute(async (trx) => {
    // Search tokens are not what this measures; the seed defers them the same way.
    await deferNameTokens(trx);
    for (let first = 1; first <= MEMBERS; first += BATCH) {
      const last = Math.min(MEMBERS, first + BATCH - 1);
      await sql`
        INSERT INTO users (email, kind, first_name, last_name, org_name, is_candidate, is_admin, state, blocked_at, created_at)
        SELECT 'm' || i || '@bench.test',
               CASE WHEN i % 20 = 0 THEN 'organization' ELSE 'individual' END,
               CASE WHEN i % 20 = 0 THEN NULL ELSE 'Bench' END, CASE WHEN i % 20 = 0 THEN NULL ELSE 'Member' || i END,
               CASE WHEN i % 20 = 0 THEN 'Org ' || i END,
               i % 500 = 0, i % 10000 = 0,
               (${states}::text[])[1 + i % ${states.length}],
               CASE WHEN i % 997 = 0 THEN now() END,
               now() - random() * interval '3 years'
        FROM generate_series(${first}::int, ${last}::int) i`.execute(trx);
    }
  });
  await sql`ANALYZE`.execute(db);
  console.log(
    `Loaded ${MEMBERS.toLocaleString('en-US')} members in ${Math.round(performance.now() - started)} ms (counter triggers on)`,
  );

  const locationsPage = async () => {
    // The same count and first page as the console's GET /user-locations (listResponse).
    const base = await filteredRows(db, userLocationsSpec, {});
    await Promise.all([
      countRows(db, base),
      readPage(
        db,
        base,
        { column: 'members', idColumn: userLocationsSpec.id?.column ?? 'id', direction: 'DESC' },
        { limit: 25, offset: 0 },
      ),
    ]);
  };
  await timed('dashboard summary (counters)', () => dashboardSummary(db));
  await timed('Users Location, count + first page (counters)', locationsPage);
  await timed(
    'before: member figures by count(*) over users',
    () =>
      sql`SELECT count(*) FILTER (WHERE NOT is_admin), count(*) FILTER (WHERE kind = 'organization'),
                 count(*) FILTER (WHERE is_candidate), count(*) FILTER (WHERE is_admin),
                 count(*) FILTER (WHERE NOT is_admin AND created_at > now() - interval '30 days'),
                 count(*) FILTER (WHERE blocked_at IS NOT NULL) FROM users`.execute(db),
    5,
  );
  await timed(
    'before: Users Location by count(*) over users',
    () =>
      sql`SELECT s.value, s.label, count(u.id), round(100.0 * count(u.id) / greatest(1, sum(count(u.id)) OVER ()), 1)
          FROM reference_options s LEFT JOIN users u ON u.state = s.value AND NOT u.is_admin
          WHERE s.list_name = 'states' GROUP BY s.value, s.label`.execute(db),
    5,
  );

  const SIGNUPS = 2_000;
  const CONCURRENCY = 20;
  const signUps = async (label: string, prefix: string) => {
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < SIGNUPS) {
          const i = next++;
          await db
            .insertInto('users')
            .values({
              email: `${prefix}${i}@bench.test`,
              kind: 'individual',
              first_name: 'New',
              last_name: `Member ${i}`,
              state: states[i % states.length]!,
            })
            .execute();
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `${SIGNUPS} single sign-ups over ${CONCURRENCY} connections, ${label}: ${Math.round(SIGNUPS / seconds)}/s (${seconds.toFixed(1)} s)`,
    );
  };
  // The same load without the counter triggers first (its rows removed with them still off).
  const triggers = ['user_counts_insert', 'user_counts_delete'];
  for (const t of triggers) await sql.raw(`ALTER TABLE users DISABLE TRIGGER ${t}`).execute(db);
  await signUps('counter triggers off', 'plain');
  await db.deleteFrom('users').where('email', 'like', 'plain%@bench.test').execute();
  for (const t of triggers) await sql.raw(`ALTER TABLE users ENABLE TRIGGER ${t}`).execute(db);
  await signUps('counter triggers on', 'signup');
  const check = await sql<{ counted: number; kept: number; shards: number }>`
    SELECT (SELECT count(*) FROM users WHERE NOT is_admin)::int AS counted,
           (SELECT sum(members) FROM user_count_totals)::int AS kept,
           (SELECT count(*) FROM user_count_totals)::int AS shards`.execute(db);
  const { counted, kept, shards } = check.rows[0]!;
  console.log(`members by count(*): ${counted}; by the counters: ${kept} (${shards} shard rows)`);
  if (counted !== kept) process.exitCode = 1;
} finally {
  await handle.close();
  await scratch.drop();
}
