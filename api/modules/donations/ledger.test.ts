import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../../db/client';
import { createTestDatabase } from '../../../tests/factories/test-db';
import { INDIVIDUAL_LIMIT_PER_ELECTION_CENTS } from '../../contract/fec-limits';
import { joinPeople } from './donor-people';
import { committedCents, cycleCommittedCents, releaseHeadroom, reserveHeadroom } from './ledger';

let h: DbHandle;
let key: { candidateId: number; donorId: number; election: 'primary' };

beforeAll(async () => {
  h = await createTestDatabase();
  const candidate = await h.db
    .insertInto('users')
    .values({
      email: 'cand@example.test',
      kind: 'individual',
      first_name: 'Cand',
      last_name: 'Idate',
      is_candidate: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const donor = await h.db
    .insertInto('donors')
    .values({ email_key: 'donor@example.test', name_key: 'dana donor', zip5: '12345' })
    .returning('id')
    .executeTakeFirstOrThrow();
  key = { candidateId: candidate.id, donorId: donor.id, election: 'primary' };
}, 60_000);
afterAll(() => h?.close());

describe('the donation limit ledger', () => {
  it('refuses the gift that would pass the limit and says what is left', async () => {
    expect(await reserveHeadroom(h.db, key, 300_000)).toEqual({ ok: true, committedCents: 300_000 });
    expect(await reserveHeadroom(h.db, key, 60_000)).toEqual({ ok: false, remainingCents: 50_000 });
    expect(await reserveHeadroom(h.db, key, INDIVIDUAL_LIMIT_PER_ELECTION_CENTS + 1)).toEqual({
      ok: false,
      remainingCents: 50_000,
    });
    await releaseHeadroom(h.db, key, 300_000);
    expect(await committedCents(h.db, key)).toBe(0);
  });

  it('lets exactly as many racing gifts through as fit under the limit', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        h.db.transaction().execute((trx) => reserveHeadroom(trx, key, 10_000)),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(35);
    expect(await committedCents(h.db, key)).toBe(INDIVIDUAL_LIMIT_PER_ELECTION_CENTS);
    expect(await cycleCommittedCents(h.db, key)).toBe(INDIVIDUAL_LIMIT_PER_ELECTION_CENTS);
  });

  it('shares one limit between donor rows joined as one person, even when their gifts race', async () => {
    const rows = await h.db
      .insertInto('donors')
      .values([
        { email_key: 'guest@example.test', name_key: 'pat person', zip5: '40404' },
        { email_key: 'member@example.test', name_key: 'pat person', zip5: '40404' },
      ])
      .returning('id')
      .execute();
    const [guest, member] = rows.map((r) => ({ ...key, donorId: r.id }));
    await h.db.transaction().execute((trx) =>
      joinPeople(
        trx,
        rows.map((r) => r.id),
      ),
    );
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        h.db.transaction().execute((trx) => reserveHeadroom(trx, i % 2 ? guest! : member!, 10_000)),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(35);
    expect(await committedCents(h.db, guest!)).toBe(INDIVIDUAL_LIMIT_PER_ELECTION_CENTS);
    expect(await committedCents(h.db, member!)).toBe(INDIVIDUAL_LIMIT_PER_ELECTION_CENTS);
  });
});
