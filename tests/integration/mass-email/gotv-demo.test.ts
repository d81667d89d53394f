import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_GOTV_SUBJECT } from '../../../api/seed/demo-gotv';
import { seedDatabase } from '../../../api/seed/seed';
import { createTestDatabase } from '../../factories/test-db';

/** Demo data (issue 19 item 7; docs/decisions/0032-gotv-and-candidate-emails.md): a sent GOTV email with its report, once. */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
  await seedDatabase(database.db, { members: 120 });
});
afterAll(() => database.close());

it('seeds one sent GOTV email to Ohio members whose report matches its recipients, and no second one', async () => {
  const db = database.db;
  const sends = await db
    .selectFrom('mass_email_sends')
    .selectAll()
    .where('subject', '=', DEMO_GOTV_SUBJECT)
    .execute();
  expect(sends).toHaveLength(1);
  const send = sends[0]!;
  expect(send).toMatchObject({
    status: 'sent',
    audience_kind: 'gotv-segment',
    audience_label: 'GOTV: Members in OH',
  });
  const byStatus = await db
    .selectFrom('mass_email_recipients')
    .select(['status', db.fn.countAll<number>().as('n')])
    .where('send_id', '=', send.id)
    .groupBy('status')
    .execute();
  const counts = Object.fromEntries(byStatus.map((r) => [r.status, Number(r.n)]));
  expect(counts).toEqual({ sent: send.sent_count, suppressed: 1 });
  expect(send.total).toBe(send.sent_count + 1);
  await seedDatabase(db, { members: 120 });
  expect(
    await db.selectFrom('mass_email_sends').select('id').where('subject', '=', DEMO_GOTV_SUBJECT).execute(),
  ).toHaveLength(1);
});
