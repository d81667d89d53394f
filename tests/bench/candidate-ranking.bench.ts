/**
 * /candidate-ranking's one query at scale (docs/decisions/0033-social.md), on PostgreSQL:
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench -- candidate-ranking [candidates]
 * Builds CANDIDATES candidates (default 5,000) over ten offices and 51 states, 100,000 members who
 * follow them (400,000 follows), 100,000 paid and 20,000 pending gifts and 30,000 endorsements,
 * then times the default ranking, each sort, and the office + state filter (p50 / p95 of 30 runs)
 * and prints the plan of the filtered query.
 */
import { sql } from 'kysely';
import { rankCandidates, rankingQuery } from '../../api/modules/candidate-ranking/ranking';
import { createTestDatabase } from '../factories/test-db';

const CANDIDATES = Number(process.argv[2] ?? 5000);
const MEMBERS = 100_000;
const RUNS = Number(process.env.RUNS ?? 30);

const handle = await createTestDatabase();
const { db } = handle;
try {
  const started = performance.now();
  await db.transaction().execute(async (conn) => {
    // Bulk rows only: skip the per-row triggers (search name tokens) this bench does not measure,
    // for this transaction alone (a pooled connection has no session: db/postgres-dialect.ts).
    await sql`SET LOCAL session_replication_role = replica`.execute(conn);
    await sql`INSERT INTO users (email, kind, first_name, last_name, is_candidate, candidate_office, state)
      SELECT 'c' || g || '@bench.test', 'individual', 'Candidate', 'N' || g, true,
        (ARRAY['U.S. House','U.S. Senate','Governor','Mayor','State Senate','State House','Attorney General',
          'Secretary of State','City Council','School Board'])[1 + g % 10],
        (SELECT value FROM (SELECT value, row_number() OVER () AS n FROM (VALUES ('AL'),('AK'),('AZ'),('AR'),
          ('CA'),('CO'),('CT'),('DE'),('DC'),('FL'),('GA'),('HI'),('ID'),('IL'),('IN'),('IA'),('KS'),('KY'),
          ('LA'),('ME'),('MD'),('MA'),('MI'),('MN'),('MS'),('MO'),('MT'),('NE'),('NV'),('NH'),('NJ'),('NM'),
          ('NY'),('NC'),('ND'),('OH'),('OK'),('OR'),('PA'),('RI'),('SC'),('SD'),('TN'),('TX'),('UT'),('VT'),
          ('VA'),('WA'),('WV'),('WI'),('WY')) s(value)) t WHERE n = 1 + g % 51)
      FROM generate_series(1, ${CANDIDATES}) g`.execute(conn);
    await sql`INSERT INTO users (email, kind, first_name, last_name)
      SELECT 'm' || g || '@bench.test', 'individual', 'Member', 'N' || g FROM generate_series(1, ${MEMBERS}) g`.execute(
      conn,
    );
    const ids = sql`(SELECT min(id) FROM users WHERE is_candidate)`;
    const mids = sql`(SELECT min(id) FROM users WHERE NOT is_candidate)`;
    // Skewed: low-numbered candidates get most of the follows.
    await sql`INSERT INTO follows (follower_id, followee_id)
      SELECT DISTINCT ${mids} + (g % ${MEMBERS}), ${ids} + floor(power(random(), 3) * ${CANDIDATES})::int
      FROM generate_series(1, 400000) g ON CONFLICT DO NOTHING`.execute(conn);
    await sql`INSERT INTO donors (email_key, name_key, zip5)
      SELECT 'd' || g || '@bench.test', 'donor ' || g, '43215' FROM generate_series(1, 20000) g`.execute(
      conn,
    );
    await sql`INSERT INTO donations (reference, candidate_id, donor_id, amount_cents, election, status,
        first_name, last_name, email, street, city, state, zip, attested_at)
      SELECT 'B-' || g, ${ids} + floor(power(random(), 2) * ${CANDIDATES})::int,
        (SELECT min(id) FROM donors) + g % 20000, 500 + (g % 200) * 100, 'primary',
        CASE WHEN g % 6 = 0 THEN 'pending' ELSE 'paid' END,
        'D', 'D', 'd@bench.test', '1 Main St', 'Columbus', 'OH', '43215', now()
      FROM generate_series(1, 120000) g`.execute(conn);
    await sql`INSERT INTO endorsements (candidate_id, endorser_id)
      SELECT DISTINCT ${ids} + floor(random() * ${CANDIDATES})::int, ${mids} + (g % ${MEMBERS})
      FROM generate_series(1, 30000) g ON CONFLICT DO NOTHING`.execute(conn);
  });
  await sql`ANALYZE`.execute(db);
  console.log(
    `built in ${Math.round(performance.now() - started)} ms: ${CANDIDATES} candidates, ${MEMBERS} members`,
  );

  const cases: [string, Record<string, string>][] = [
    ['default (supporters)', {}],
    ['by donations', { sort: 'donations' }],
    ['by endorsements', { sort: 'endorsements' }],
    ['office + state', { office: 'Governor', state: 'OH' }],
    ['office only, page 3', { office: 'U.S. House', page: '3' }],
  ];
  for (const [name, raw] of cases) {
    const query = rankingQuery.parse(raw);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const t0 = performance.now();
      await rankCandidates(db, query);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(1);
    console.log(`${name.padEnd(22)} p50 ${at(0.5)} ms  p95 ${at(0.95)} ms`);
  }
  const plan = await sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT u.id FROM users u
    WHERE u.is_candidate AND u.blocked_at IS NULL AND u.deleted_at IS NULL
      AND u.candidate_office = 'Governor' AND u.state = 'OH'`.execute(db);
  console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
} finally {
  await handle.close();
}
