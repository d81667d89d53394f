import type { Db } from '../../../db/client';

/**
 * The blocked addresses, read at most every 15 s per process: a block takes effect everywhere
 * within that time without a query on every request.
 */
const REFRESH_MS = 15_000;
const caches = new WeakMap<Db, { at: number; ips: Promise<Set<string>> }>();

export function blockedIps(db: Db): Promise<Set<string>> {
  const hit = caches.get(db);
  if (hit && Date.now() - hit.at < REFRESH_MS) return hit.ips;
  const ips = db
    .selectFrom('blocked_ips')
    .select('ip')
    .execute()
    .then((rows) => new Set(rows.map((r) => r.ip)));
  caches.set(db, { at: Date.now(), ips });
  ips.catch(() => caches.delete(db));
  return ips;
}

/** Called after a block or unblock so this process reacts at once. */
export function forgetBlockedIps(db: Db) {
  caches.delete(db);
}
