import type { Db } from '../../../db/client';
import { databaseIdentity } from '../../../db/identity';
import type { ReferenceLists } from '../../contract/reference-options';

/**
 * The reference lists change only when the demo seed (api/seed) or a migration runs, so each process keeps
 * one copy for a minute instead of reading ~1,000 rows per page.
 */
const CACHE_MS = 60_000;
/** By database, not by Kysely instance: a transaction is an instance of its own. */
const cache = new WeakMap<object, { at: number; lists: Promise<ReferenceLists> }>();

export function getReferenceLists(db: Db): Promise<ReferenceLists> {
  const database = databaseIdentity(db);
  const hit = cache.get(database);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.lists;
  const lists = loadReferenceLists(db);
  cache.set(database, { at: Date.now(), lists });
  lists.catch(() => cache.delete(database));
  return lists;
}

async function loadReferenceLists(db: Db): Promise<ReferenceLists> {
  const rows = await db
    .selectFrom('reference_options')
    .select(['list_name', 'value', 'label'])
    .orderBy('list_name')
    .orderBy('position')
    .execute();
  const lists: ReferenceLists = {};
  for (const row of rows) {
    const list = lists[row.list_name] ?? [];
    list.push({ value: row.value, label: row.label });
    lists[row.list_name] = list;
  }
  return lists;
}

export async function isReferenceValue(db: Db, listName: string, value: string): Promise<boolean> {
  const lists = await getReferenceLists(db);
  return lists[listName]?.some((o) => o.value === value) ?? false;
}
