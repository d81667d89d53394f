import { sql } from 'kysely';
import type { Db } from '../../../db/client';

/** /healthz and /readyz: the database answers a trivial query (throws when it does not). */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`SELECT 1`.execute(db);
}
