import { sql } from 'kysely';
import type { Db } from '../../../db/client';

/**
 * Member counts read from the counters migrations/0027_counters_and_monthly_pages.ts keeps by trigger
 * (docs/decisions/0037-console-counters.md): each figure equals the count(*) over users it
 * replaces, at a cost that does not grow with the number of members.
 */

/** Members (not staff), organizations, candidates, staff and blocked accounts: the shards summed. */
export async function userTotals(db: Db) {
  const row = await db
    .selectFrom('user_count_totals')
    .select([
      sql<number>`coalesce(sum(members), 0)::int`.as('members'),
      sql<number>`coalesce(sum(organizations), 0)::int`.as('organizations'),
      sql<number>`coalesce(sum(candidates), 0)::int`.as('candidates'),
      sql<number>`coalesce(sum(staff), 0)::int`.as('staff'),
      sql<number>`coalesce(sum(blocked), 0)::int`.as('blocked'),
    ])
    .executeTakeFirstOrThrow();
  return {
    members: Number(row.members),
    organizations: Number(row.organizations),
    candidates: Number(row.candidates),
    staff: Number(row.staff),
    blocked: Number(row.blocked),
  };
}

/**
 * Members created after now() - 30 days. The counters hold whole UTC days, so the days after the
 * boundary's day come from them and the boundary's own day is counted in users (the
 * users_created_at index: one day of sign-ups), which keeps the figure exact to the second.
 */
export async function newMembersLast30Days(db: Db): Promise<number> {
  const result = await sql<{ n: number }>`
    WITH b AS (SELECT now() - interval '30 days' AS since, ((now() - interval '30 days') AT TIME ZONE 'UTC')::date AS day)
    SELECT (
      (SELECT coalesce(sum(d.members), 0) FROM member_signups_daily d, b WHERE d.day > b.day)
      + (SELECT count(*) FROM users u, b
         WHERE NOT u.is_admin AND u.created_at > b.since AND u.created_at < (b.day + 1) AT TIME ZONE 'UTC')
    )::int AS n`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

/** New members per UTC calendar month, the last 12 months including this one, oldest first. */
export async function signupsByMonth(db: Db): Promise<{ month: string; count: number }[]> {
  const result = await sql<{ month: string; count: number }>`
    SELECT to_char(m.month, 'YYYY-MM') AS month, coalesce(sum(d.members), 0)::int AS count
    FROM generate_series(date_trunc('month', now() AT TIME ZONE 'UTC') - interval '11 months',
                         date_trunc('month', now() AT TIME ZONE 'UTC'), interval '1 month') AS m(month)
    LEFT JOIN member_signups_daily d ON d.day >= m.month AND d.day < m.month + interval '1 month'
    GROUP BY m.month ORDER BY m.month`.execute(db);
  return result.rows.map((r) => ({ month: r.month, count: Number(r.count) }));
}

/**
 * Members per US state (the Users Location screen's map and table): every state of the
 * reference list, with 0 where nobody lives yet, plus the share of all members with a listed state.
 */
export function membersByState(db: Db) {
  const counted = db
    .selectFrom('member_state_counts')
    .select(['state', sql<string>`sum(members)`.as('members')])
    .groupBy('state')
    .as('c');
  return db
    .selectFrom('reference_options as s')
    .leftJoin(counted, 'c.state', 's.value')
    .where('s.list_name', '=', 'states')
    .select([
      's.value as id',
      's.label as name',
      sql<number>`coalesce(c.members, 0)::int`.as('members'),
      sql<number>`round(100.0 * coalesce(c.members, 0) / greatest(1, sum(coalesce(c.members, 0)) OVER ()), 1)::float8`.as(
        'share',
      ),
    ]);
}
