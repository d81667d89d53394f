import type { Db } from '../../db/client';
import { seedDatabase } from './seed';

/**
 * `npm start` on a database without accounts fills it with demo data; a database with accounts is
 * left alone. Accounts, not reference options: the test runs' database template holds the
 * reference options and no account, and the end-to-end server seeds a copy of it.
 */
export async function seedIfEmpty(db: Db): Promise<void> {
  const row = await db.selectFrom('users').select(db.fn.countAll<number>().as('n')).executeTakeFirst();
  if (Number(row?.n ?? 0) > 0) return;
  const started = Date.now();
  await seedDatabase(db, { log: (m) => console.log(m) });
  console.log(`Seeded demo data in ${Date.now() - started} ms`);
}
