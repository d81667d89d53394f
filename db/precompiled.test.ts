import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../tests/factories/test-db';
import type { Db, DbHandle } from './client';
import { precompiled } from './precompiled';

/** Queries compiled once answer each call with its own arguments (docs/decisions/0047-precompiled-page-queries-and-no-jit.md). */
let database: DbHandle;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
}, 120_000);
afterAll(() => database.close());

describe('precompiled', () => {
  it('fills every place an argument appears, call after call, and keeps the constants', async () => {
    let builds = 0;
    const echo = precompiled(
      (qb: Db, id: number, word: string) => {
        builds++;
        return qb
          .selectNoFrom([
            sql<number>`${id}::int`.as('id'),
            sql<number>`${id}::int + 1`.as('next'),
            sql<string>`${word}::text`.as('word'),
            sql<string>`${'constant'}::text`.as('constant'),
          ])
          .where(sql<boolean>`${id}::int > ${-1}::int`);
      },
      [-987_654_321, '\u0000word'] as [number, string],
    );
    expect(await echo(db, 7, 'first')).toEqual([{ id: 7, next: 8, word: 'first', constant: 'constant' }]);
    expect(await echo(db, 41, 'second')).toEqual([
      { id: 41, next: 42, word: 'second', constant: 'constant' },
    ]);
    expect(await echo(db, -5, 'gone')).toEqual([]);
    expect(builds).toBe(1);
  });

  it('refuses a query whose placeholder never became a parameter', async () => {
    const inlined = precompiled((qb: Db, _id: number) => qb.selectNoFrom(sql<number>`1`.as('one')), [
      -987_654_321,
    ] as [number]);
    await expect(inlined(db, 3)).rejects.toThrow('placeholder -987654321 is not a parameter');
  });

  it('refuses a query that would keep the time it was built at', async () => {
    const frozen = precompiled(
      (qb: Db, id: number) =>
        qb.selectNoFrom([sql<number>`${id}::int`.as('id'), sql<Date>`${new Date()}::timestamptz`.as('at')]),
      [-987_654_321] as [number],
    );
    await expect(frozen(db, 3)).rejects.toThrow('Date parameter');
  });
});
