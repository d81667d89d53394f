import { sql } from 'kysely';
import type { Db } from './client';

/**
 * The name-token index behind people search (migrations/0003_people.ts). Triggers keep it in
 * step with every write to users; bulk loads switch them off for their transaction and index
 * once at the end, which is many times faster than per-statement maintenance.
 */

/** Past this many written rows a full set-based rebuild beats indexing the rows one batch at a time. */
const REBUILD_THRESHOLD = 20_000;

/** Turns the token triggers off until the end of the current transaction (`db` must be one). */
export async function deferNameTokens(trx: Db): Promise<void> {
  await sql`SELECT set_config('campaign_hq.defer_name_tokens', 'on', true)`.execute(trx);
}

/** Indexes the names of the given users; many users mean a full rebuild. */
export async function indexNameTokens(
  db: Db,
  userIds: readonly number[],
): Promise<'none' | 'updated' | 'rebuilt'> {
  if (userIds.length === 0) return 'none';
  if (userIds.length > REBUILD_THRESHOLD) {
    await rebuildNameTokens(db);
    return 'rebuilt';
  }
  await sql`SELECT index_user_names(${sql.val([...userIds])}::integer[])`.execute(db);
  return 'updated';
}

/** Rebuilds the whole index from users: after a bulk load, or to repair it. */
export async function rebuildNameTokens(db: Db): Promise<void> {
  await sql`SELECT rebuild_name_tokens()`.execute(db);
  // The deletion keys (migrations/0018) follow name_tokens by trigger; the planner needs their size.
  await sql`ANALYZE name_token_keys`.execute(db);
}
