/**
 * GOTV queuing (`npm run bench -- gotv`; with DATABASE_URL it uses its own PostgreSQL
 * database, without it an in-memory PGlite).
 *
 * 50,000 members in one state (made-up code 'QZ'), plus 5,000 elsewhere and 500 of them on the
 * suppression list, then the console's path for a GOTV send to that state: count the segment,
 * preview it, and queue it (queueSend: the send row, the recipients materialized with one
 * INSERT … SELECT, suppressed addresses marked, the audit row, in one transaction). Prints each
 * step's time and checks the recipient list. Goal (issue 19): queuing 50,000 recipients takes under
 * a minute; the process fails when it does not, or when the list is wrong.
 */
import { sql } from 'kysely';
import { countAudience, previewSend, queueSend, resolveAudience } from '../../api/modules/mass-email/sends';
import { appMassEmailAudiences, GOTV_SEGMENT } from '../../api/modules/mass-email-audiences';
import { noQueue } from '../factories/mass-email';
import { createTestDatabase } from '../factories/test-db';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 50_000);
const GOAL_MS = 60_000;

async function main() {
  const database = await createTestDatabase();
  const db = database.db;
  try {
    const started = performance.now();
    await sql`INSERT INTO users (email, kind, first_name, last_name, state)
      SELECT 'voter-' || g || '@bench.test', 'individual', 'Voter', 'No' || g, 'QZ'
      FROM generate_series(1, ${MEMBERS}) g`.execute(db);
    await sql`INSERT INTO users (email, kind, first_name, last_name, state)
      SELECT 'elsewhere-' || g || '@bench.test', 'individual', 'Else', 'No' || g, 'QY'
      FROM generate_series(1, 5000) g`.execute(db);
    await sql`INSERT INTO email_suppressions (email, reason, source)
      SELECT 'voter-' || g || '@bench.test', 'unsubscribed', 'bench' FROM generate_series(1, 500) g`.execute(
      db,
    );
    await sql`ANALYZE users`.execute(db);
    const staff = await db
      .insertInto('users')
      .values({
        email: 'staff@bench.test',
        kind: 'individual',
        first_name: 'Staff',
        last_name: 'Bench',
        is_admin: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    console.log(
      `setup: ${MEMBERS.toLocaleString('en-US')} members in QZ in ${Math.round(performance.now() - started)} ms`,
    );

    const deps = { db, jobs: noQueue, audiences: appMassEmailAudiences() };
    const ref = { kind: GOTV_SEGMENT, params: { states: ['QZ'] } };
    const content = { subject: 'Vote, {{firstName}}', body: 'Polls open at 7.', fromName: 'Campaign HQ' };
    const links = { appUrl: 'http://localhost:3000', appSecret: 'bench-secret-bench-secret-bench-secret' };

    const t0 = performance.now();
    const count = await countAudience(db, await resolveAudience(deps, ref));
    const t1 = performance.now();
    await previewSend({ ...deps, links }, ref, content);
    const t2 = performance.now();
    const send = await queueSend(deps, ref, content, { id: staff.id, ip: '127.0.0.1', permissions: [] });
    const t3 = performance.now();

    const row = await db
      .selectFrom('mass_email_sends')
      .select(['total', 'suppressed_count'])
      .where('id', '=', send.id)
      .executeTakeFirstOrThrow();
    const queueMs = Math.round(t3 - t2);
    console.log(
      `count:   ${Math.round(t1 - t0)} ms (${count.recipients} to send, ${count.suppressed} suppressed)`,
    );
    console.log(`preview: ${Math.round(t2 - t1)} ms`);
    console.log(
      `queue:   ${queueMs} ms for ${row.total.toLocaleString('en-US')} recipients (goal < ${GOAL_MS / 1000} s)`,
    );
    if (row.total !== MEMBERS || row.suppressed_count !== 500 || count.recipients !== MEMBERS - 500) {
      throw new Error(`wrong list: total ${row.total}, suppressed ${row.suppressed_count}`);
    }
    if (queueMs >= GOAL_MS) throw new Error(`queuing took ${queueMs} ms, over the ${GOAL_MS} ms goal`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
