import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../../db/client';
import { aCandidate, makeDonor } from '../../factories/donations';
import { rollupAndRaw } from '../../factories/revenue-rollups';
import { createTestDatabase } from '../../factories/test-db';

/**
 * Concurrent writes on the same day lose no increment (docs/decisions/0035-revenue-rollups.md):
 * on PostgreSQL, transactions that each add a paid order and a paid gift to today's rollup rows and
 * stay open a while (so they overlap on five connections) leave the rollups equal to the raw rows.
 */
let handle: DbHandle;
const WRITERS = 20;

beforeAll(async () => {
  handle = await createTestDatabase();
}, 120_000);
afterAll(() => handle?.close());

describe('revenue rollups under concurrent writes', () => {
  it('counts every order and gift written at once on the same day', async () => {
    const db = handle.db;
    const candidate = await aCandidate(db);
    const donors = await Promise.all(Array.from({ length: WRITERS }, () => makeDonor(db)));
    const overlapping: number[] = [];
    await Promise.all(
      donors.map((donorId, i) =>
        db.transaction().execute(async (trx) => {
          await sql`INSERT INTO orders (number, email, status, subtotal_cents, discount_cents, shipping_cents,
              total_cents, shipping_option, address, payment_token, paid_at, updated_at)
            VALUES (${`CHQ-RACE-${i}`}, 'buyer@example.org', 'paid', ${1000 + i}, 0, 0, ${1000 + i}, 'standard',
              '{}'::jsonb, ${`tok-race-${i}`}, now(), now())`.execute(trx);
          await sql`INSERT INTO donations (reference, candidate_id, donor_id, amount_cents, election, status,
              first_name, last_name, email, street, city, state, zip, attested_at, paid_at)
            VALUES (${`DON-RACE-${i}`}, ${candidate.id}, ${donorId}, ${500 + i}, 'primary', 'paid', 'Dana', 'Donor',
              'dana@example.org', '1 Elm', 'Columbus', 'OH', '43215', now(), now())`.execute(trx);
          // How many other writers hold an open write transaction now: proof that they overlapped.
          const busy = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_xid IS NOT NULL`.execute(
            trx,
          );
          overlapping.push(busy.rows[0]!.n);
          await sql`SELECT pg_sleep(0.05)`.execute(trx);
        }),
      ),
    );
    expect(Math.max(...overlapping)).toBeGreaterThan(0);

    const today = await db
      .selectFrom('merchandise_revenue_days')
      .select(['orders', 'gross_cents'])
      .where('day', '=', sql<string>`(now() AT TIME ZONE 'UTC')::date`)
      .executeTakeFirstOrThrow();
    expect(today.orders).toBe(WRITERS);
    expect(Number(today.gross_cents)).toBe(WRITERS * 1000 + (WRITERS * (WRITERS - 1)) / 2);
    const gifts = await db
      .selectFrom('donation_revenue_days')
      .select(['gifts', 'gross_cents'])
      .where('day', '=', sql<string>`(now() AT TIME ZONE 'UTC')::date`)
      .executeTakeFirstOrThrow();
    expect(gifts.gifts).toBe(WRITERS);
    expect(Number(gifts.gross_cents)).toBe(WRITERS * 500 + (WRITERS * (WRITERS - 1)) / 2);
    for (const name of ['merchandise_revenue_days', 'donation_revenue_days'] as const) {
      const { rollup, raw } = await rollupAndRaw(db, name);
      expect(rollup).toEqual(raw);
    }
  });
});
