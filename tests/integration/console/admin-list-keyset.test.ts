import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_BATCH, EXPORT_QUEUE, PROGRESS_EVERY_MS } from '../../../api/doors/rest/lists/csv';
import { EXACT_COUNT_LIMIT } from '../../../api/modules/lists/count';
import { MAX_JUMP_ROWS } from '../../../api/modules/lists/keyset';
import { generateMembers } from '../../../api/seed/members';
import { upsertUsers } from '../../../api/seed/user-rows';
import { demoAccounts } from '../../factories/accounts';
import { listPath, rest, STAFF_EMAIL, signedIn } from '../../factories/staff';
import { createTestApp, type TestApp, type TestBrowser } from '../../factories/test-app';

/**
 * The console's lists at scale (docs/decisions/0036-console-lists-at-scale.md): keyset pages through
 * `after`/`before` cursors, the jump limit, estimated totals, and exports in the screen's order.
 */
let t: TestApp;
let admin: TestBrowser;
const MANY_ATTEMPTS = Math.max(EXACT_COUNT_LIMIT + 5_000, CSV_BATCH * 5);

beforeAll(async () => {
  t = await createTestApp();
  await demoAccounts(t.db, 'admin');
  for (const batch of generateMembers(150)) await upsertUsers(t.db, batch);
  admin = await signedIn(t, STAFF_EMAIL.SUPER_ADMIN);
  // Some members without a state and some blocked: the NULL segment of a nullable sort column.
  await t.db.updateTable('users').set({ state: null }).where(sql<boolean>`id % 7 = 0`).execute();
  await t.db
    .updateTable('users')
    .set({ blocked_at: sql`now() - (id || ' minutes')::interval` })
    .where(sql<boolean>`id % 5 = 0 AND NOT is_admin`)
    .execute();
  // More sign-in attempts than the exact count's limit: an estimated total, a long export.
  await sql`INSERT INTO sign_in_attempts (email, ip, succeeded, reason, created_at)
    SELECT 'many' || g || '@example.org', '192.0.2.7', false, 'invalid', now() - g * interval '1 second'
    FROM generate_series(1, ${MANY_ATTEMPTS}) g`.execute(t.db);
  await sql`ANALYZE sign_in_attempts`.execute(t.db);
});
afterAll(() => t.close());

type Sort = [string, 'ASC' | 'DESC'];
interface Listed {
  ids: number[];
  cursors: [string, string] | null;
  range: string | null;
  estimated: string | null;
}

async function page(resource: string, filter: object, sort: Sort, range: [number, number], cursor = '') {
  const res = await rest(admin, 'GET', `${listPath(resource, { filter, sort, range })}${cursor}`);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const cursors = res.headers.get('x-page-cursors');
  return {
    ids: (res.json as { id: number }[]).map((r) => r.id),
    cursors: cursors ? (cursors.split(' ') as [string, string]) : null,
    range: res.headers.get('content-range'),
    estimated: res.headers.get('x-total-estimated'),
  } satisfies Listed;
}

/** Every page after the first through `after` cursors, then back again through `before` cursors. */
async function walk(resource: string, filter: object, sort: Sort, perPage: number) {
  const pages: Listed[] = [await page(resource, filter, sort, [0, perPage - 1])];
  while (pages.at(-1)!.ids.length === perPage) {
    const start = pages.length * perPage;
    const last = pages.at(-1)!.cursors![1];
    const next = await page(resource, filter, sort, [start, start + perPage - 1], `&after=${last}`);
    if (next.ids.length === 0) break;
    pages.push(next);
  }
  const backwards: number[][] = [pages.at(-1)!.ids];
  for (let i = pages.length - 2; i >= 0; i--) {
    const first = pages[i + 1]!.cursors![0];
    const previous = await page(
      resource,
      filter,
      sort,
      [i * perPage, (i + 1) * perPage - 1],
      `&before=${first}`,
    );
    backwards.unshift(previous.ids);
  }
  return { forwards: pages.map((p) => p.ids), backwards };
}

/** The same list in one query: the column, NULLs last, then id in the column's direction. */
async function expected(
  column: 'state' | 'blocked_at' | 'email',
  direction: 'ASC' | 'DESC',
  where = sql`true`,
) {
  const dir = sql.raw(direction);
  const { rows } = await sql<{ id: number }>`SELECT id FROM users WHERE ${where}
    ORDER BY ${sql.ref(column)} ${dir} NULLS LAST, id ${dir}`.execute(t.db);
  return rows.map((r) => r.id);
}

describe('keyset pages', () => {
  it('are disjoint and complete forwards and backwards, NULLs last, for a filtered, sorted list', async () => {
    const cases: [object, Sort, Awaited<ReturnType<typeof expected>>][] = [
      [{ role: 'individual' }, ['state', 'ASC'], await expected('state', 'ASC', sql`kind = 'individual'`)],
      [{}, ['blocked_at', 'DESC'], await expected('blocked_at', 'DESC')],
      [{ blocked: false }, ['email', 'DESC'], await expected('email', 'DESC', sql`blocked_at IS NULL`)],
    ];
    for (const [filter, sort, all] of cases) {
      const { forwards, backwards } = await walk('all-users', filter, sort, 13);
      const ids = forwards.flat();
      expect(new Set(ids).size, `${sort} disjoint`).toBe(ids.length);
      expect(ids, `${sort} complete, in order`).toEqual(all);
      expect(backwards, `${sort} backwards`).toEqual(forwards);
    }
  });

  it('agree with the OFFSET pages near the top, which the console may jump to', async () => {
    const { forwards } = await walk('all-users', {}, ['state', 'DESC'], 20);
    for (const [i, ids] of forwards.entries()) {
      const jumped = await page('all-users', {}, ['state', 'DESC'], [i * 20, i * 20 + 19]);
      expect(jumped.ids).toEqual(ids);
    }
  });

  it('refuses a jump deeper than the limit without a cursor, and refuses a forged cursor', async () => {
    const deep = await rest(
      admin,
      'GET',
      listPath('all-users', { range: [MAX_JUMP_ROWS + 25, MAX_JUMP_ROWS + 49] }),
    );
    expect(deep.status).toBe(400);
    expect(JSON.stringify(deep.json)).toContain('filter');
    for (const cursor of ['not-a-cursor', Buffer.from('["not a date", 1]').toString('base64url')]) {
      const forged = await rest(
        admin,
        'GET',
        `${listPath('all-users', { sort: ['created_at', 'ASC'] })}&after=${cursor}`,
      );
      expect(forged.status, cursor).toBe(400);
    }
  });
});

describe('totals', () => {
  it('are exact below the limit and the planner estimate above it, said so in a header', async () => {
    const big = await page('sign-in-attempts', {}, ['id', 'DESC'], [0, 24]);
    expect(big.estimated).toBe('true');
    const total = Number(big.range!.split('/')[1]);
    expect(total).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(Math.abs(total - MANY_ATTEMPTS) / MANY_ATTEMPTS).toBeLessThan(0.5);

    const small = await page('all-users', { blocked: true }, ['id', 'ASC'], [0, 24]);
    expect(small.estimated).toBe('false');
    const blocked = await t.db
      .selectFrom('users')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('blocked_at', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(small.range).toMatch(new RegExp(`/${blocked.n}$`));
  });
});

function csvIds(text: string): number[] {
  const [header, ...lines] = text.trimEnd().split('\r\n');
  const at = header!.split(',').indexOf('id');
  return lines.map((line) => Number(line.split(',')[at]));
}

describe('CSV export at scale', () => {
  it("holds the screen's rows for the same filter and sort, in the same order", async () => {
    const filter = { blocked: false };
    const sort: Sort = ['state', 'DESC'];
    const { forwards } = await walk('all-users', filter, sort, 25);
    const res = await admin.request(
      `/api/admin/rest${listPath('all-users', { filter, sort, format: 'csv' })}`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('x-export-rows')).toBe(String(forwards.flat().length));
    expect(csvIds(await res.text())).toEqual(forwards.flat());
  });

  it('records its progress while an export runs over a second, and its end', async () => {
    const exportId = randomUUID();
    const filter = { ip: '192.0.2.7' };
    const path = `/api/admin/rest${listPath('sign-in-attempts', { filter, sort: ['created_at', 'DESC'], format: 'csv' })}&export_id=${exportId}`;
    const res = await admin.request(path);
    const expectedRows = Number(res.headers.get('x-export-rows'));
    expect(expectedRows).toBeGreaterThan(CSV_BATCH * 3);
    const reader = res.body!.getReader();
    const progress = () =>
      t.db.selectFrom('job_progress').selectAll().where('job_id', '=', exportId).executeTakeFirst();

    // The stream is pulled: reading slowly makes this export last over a second.
    await reader.read();
    await new Promise((resolve) => setTimeout(resolve, PROGRESS_EVERY_MS + 100));
    await reader.read();
    await reader.read();
    const midway = await progress();
    expect(midway).toMatchObject({ queue: EXPORT_QUEUE, total: expectedRows });
    expect(midway!.done).toBeGreaterThanOrEqual(CSV_BATCH);
    expect(midway!.done).toBeLessThan(expectedRows);

    let bytes = 0;
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
      bytes += chunk.value.length;
    expect(bytes).toBeGreaterThan(0);
    expect(await progress()).toMatchObject({
      done: expectedRows,
      total: expectedRows,
      message: 'sign-in-attempts: done',
    });
  });

  it('records nothing for an export without an id', async () => {
    const before = await t.db
      .selectFrom('job_progress')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('queue', '=', EXPORT_QUEUE)
      .executeTakeFirstOrThrow();
    const res = await admin.request(`/api/admin/rest${listPath('all-users', { format: 'csv' })}`);
    await res.text();
    const after = await t.db
      .selectFrom('job_progress')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('queue', '=', EXPORT_QUEUE)
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});
