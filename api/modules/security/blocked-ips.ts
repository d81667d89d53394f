import type { Db } from '../../../db/client';

/**
 * The blocked addresses, read at most every 15 s per process: a block takes effect everywhere
 * within that time without a query on every request.
 */
const REFRESH_MS = 15_000;
const caches = new WeakMap<Db, { at: number; ips: Promise<Set<string>>; loaded?: Set<string> }>();

export function blockedIps(db: Db): Promise<Set<string>> {
  const hit = caches.get(db);
  if (hit && Date.now() - hit.at < REFRESH_MS) return hit.ips;
  const entry: { at: number; ips: Promise<Set<string>>; loaded?: Set<string> } = {
    at: Date.now(),
    ips: db
      .selectFrom('blocked_ips')
      .select('ip')
      .execute()
      .then((rows) => {
        entry.loaded = new Set(rows.map((r) => r.ip));
        return entry.loaded;
      }),
  };
  caches.set(db, entry);
  entry.ips.catch(() => caches.delete(db));
  return entry.ips;
}

/**
 * The blocked addresses when a fresh copy is already loaded, without waiting: the guard in
 * front of every request then costs no promise (issue 17). Undefined means "ask blockedIps".
 */
export function loadedBlockedIps(db: Db): Set<string> | undefined {
  const hit = caches.get(db);
  return hit && Date.now() - hit.at < REFRESH_MS ? hit.loaded : undefined;
}

/** Called after a block or unblock so this process reacts at once. */
export function forgetBlockedIps(db: Db) {
  caches.delete(db);
}
