import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../tests/factories/test-db';
import { jsonb } from './json';

/**
 * json and jsonb parameters mean the same on both engines (db/client.ts): an object or an array is
 * encoded as JSON, a string is JSON text sent as it is (node-postgres's and PGlite's rule, and
 * pg-boss's: its cron clock binds `JSON.stringify(jobs)` to `json_to_recordset($1)`). jsonb() is how
 * the app writes a jsonb column, so a string value is stored as a JSON string. Runs on PGlite, and
 * on PostgreSQL with DATABASE_URL.
 */
type Probe = {
  probe: { id: number; value: unknown };
};

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Kysely<Probe>;
let next = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  await sql`CREATE TABLE probe (id integer PRIMARY KEY, value jsonb)`.execute(database.db);
  db = database.db.withTables<Probe>() as unknown as Kysely<Probe>;
});
afterAll(() => database?.close());

/** Writes `value` to a jsonb column and reads back what PostgreSQL stored and its JSON type. */
async function stored(value: unknown) {
  const id = ++next;
  await db.insertInto('probe').values({ id, value }).execute();
  return db
    .selectFrom('probe')
    .select(['value', sql<string>`jsonb_typeof(value)`.as('type')])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('a jsonb column', () => {
  it('stores an object and an array as themselves', async () => {
    const object = { tier: 'campaign', counts: [1, 2], nested: { ok: true, none: null } };
    expect(await stored(object)).toEqual({ value: object, type: 'object' });
    expect(await stored([{ a: 1 }, 'two', 3])).toEqual({ value: [{ a: 1 }, 'two', 3], type: 'array' });
    expect(await stored([])).toEqual({ value: [], type: 'array' });
  });

  it('through jsonb() stores objects, arrays and strings as themselves, quotes and all', async () => {
    expect(await stored(jsonb({ subject: 'Hi "there"' }))).toEqual({
      value: { subject: 'Hi "there"' },
      type: 'object',
    });
    expect(await stored(jsonb(['a', 'b']))).toEqual({ value: ['a', 'b'], type: 'array' });
    expect(await stored(jsonb('Grant "for" Congress'))).toEqual({
      value: 'Grant "for" Congress',
      type: 'string',
    });
    expect(await stored(jsonb('{"not":"an object"}'))).toEqual({
      value: '{"not":"an object"}',
      type: 'string',
    });
  });

  it('takes a bare string as JSON text, not as a JSON string of that text', async () => {
    expect(await stored('{"a":1}')).toEqual({ value: { a: 1 }, type: 'object' });
    expect(await stored('[1,"x"]')).toEqual({ value: [1, 'x'], type: 'array' });
    expect(await stored('"hello"')).toEqual({ value: 'hello', type: 'string' });
  });

  it('refuses a bare string that is not JSON text and stores nothing', async () => {
    const before = await db
      .selectFrom('probe')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    await expect(stored('hello')).rejects.toThrow(/json/i);
    const after = await db
      .selectFrom('probe')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});

describe('a json parameter in raw SQL (the job queue)', () => {
  it('reads JSON text handed to json_to_recordset($1) as its rows', async () => {
    const jobs = [
      { name: 'renewals', data: { due: 2 } },
      { name: 'upkeep', data: { note: 'a "quoted" word' } },
    ];
    const { rows } = await database.executeSql(
      'SELECT name, data FROM json_to_recordset($1) AS x(name text, data jsonb) ORDER BY name',
      [JSON.stringify(jobs)],
    );
    expect(rows).toEqual(jobs);
  });

  it('encodes an object bound to a ::jsonb parameter', async () => {
    const { rows } = await database.executeSql(
      'SELECT $1::jsonb AS output, jsonb_typeof($1::jsonb) AS type',
      [{ message: 'failed' }],
    );
    expect(rows).toEqual([{ output: { message: 'failed' }, type: 'object' }]);
  });
});
