import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMaintenance } from '../../../api/doors/queue-handlers/maintenance';
import { findTestCheckout, openTestCheckout } from '../../../api/ports/payments/test-gateway-checkouts';
import type { DbHandle } from '../../../db/client';
import { createTestDatabase } from '../../factories/test-db';

let h: DbHandle;
beforeAll(async () => {
  h = await createTestDatabase();
});
afterAll(() => h.close());

describe('runMaintenance', () => {
  it('drops old rate-limit windows, expired sessions and stale presence, keeps current ones', async () => {
    const { id } = await h.db
      .insertInto('users')
      .values({
        email: 'm@example.org',
        kind: 'individual',
        first_name: 'M',
        last_name: 'N',
        password_hash: null,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const now = new Date();
    await h.db
      .insertInto('rate_limit_counters')
      .values([
        { key: 'old', window_start: new Date(now.getTime() - 2 * 86_400_000), hits: 3 },
        { key: 'fresh', window_start: now, hits: 1 },
      ])
      .execute();
    await h.db
      .insertInto('sessions')
      .values([
        {
          id: 'expired',
          user_id: id,
          expires_at: new Date(now.getTime() - 1000),
          ip: null,
          user_agent: null,
        },
        {
          id: 'live',
          user_id: id,
          expires_at: new Date(now.getTime() + 86_400_000),
          ip: null,
          user_agent: null,
        },
      ])
      .execute();

    await h.db
      .insertInto('online_presence')
      .values([
        { user_id: id, instance_id: 'stopped', seen_at: new Date(now.getTime() - 2 * 3_600_000) },
        { user_id: id, instance_id: 'live', seen_at: now },
      ])
      .execute();

    await runMaintenance(h.db, now);

    expect(
      (await h.db.selectFrom('online_presence').select('instance_id').execute()).map((r) => r.instance_id),
    ).toEqual(['live']);
    expect((await h.db.selectFrom('rate_limit_counters').select('key').execute()).map((r) => r.key)).toEqual([
      'fresh',
    ]);
    expect((await h.db.selectFrom('sessions').select('id').execute()).map((r) => r.id)).toEqual(['live']);
  });

  it("deletes the test gateway's checkouts a week past their expiry, with the payer's email in them", async () => {
    const plan = {
      payable: { kind: 'donation', reference: 'DON-1' },
      amountCents: 2500,
      email: 'payer@example.org',
      description: 'Donation',
      successPath: '/done',
      cancelPath: '/cancelled',
    };
    const old = await openTestCheckout(h.db, plan);
    const recent = await openTestCheckout(h.db, plan);
    const DAY = 86_400_000;
    await h.db
      .updateTable('test_gateway_checkouts')
      .set({ expires_at: new Date(Date.now() - 8 * DAY) })
      .where('id', '=', old)
      .execute();
    await h.db
      .updateTable('test_gateway_checkouts')
      .set({ expires_at: new Date(Date.now() - 6 * DAY) })
      .where('id', '=', recent)
      .execute();

    await runMaintenance(h.db, new Date());

    expect(await findTestCheckout(h.db, old)).toBeNull();
    expect(await findTestCheckout(h.db, recent)).not.toBeNull();
  });
});
