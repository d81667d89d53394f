import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMaintenance } from '../../../api/jobs/maintenance';
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
});
