import type { Db } from '../../db/client';
import { seedDatabase } from './seed';

/** `npm start` on an empty database fills it with demo data; an existing database is left alone. */
export async function seedIfEmpty(db: Db): Promise<void> {
  const row = await db
    .selectFrom('reference_options')
    .select(db.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  if (Number(row?.n ?? 0) > 0) return;
  const started = Date.now();
  await seedDatabase(db, { log: (m) => console.log(m) });
  console.log(`Seeded demo data in ${Date.now() - started} ms`);
}
