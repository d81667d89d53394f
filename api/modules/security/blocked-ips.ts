import type { Db, DbHandle } from '../../../db/client';
import { databaseIdentity } from '../../../db/identity';
import { subscribePageChanges } from '../page-cache/changes';

/**
 * The blocked addresses, kept per process so that the guard in front of every request costs no
 * query. Any write to blocked_ips tells every process through the page cache's change channel (a
 * statement trigger publishes 'blocked-ips': NOTIFY on commit on PostgreSQL, in-process on PGlite;
 * docs/decisions/0083-page-cache-learns-from-the-database.md), so it takes effect everywhere within
 * milliseconds; the copy is also read again at most every 15 s, which bounds the staleness if a
 * notification is lost while a LISTEN connection reconnects (docs/decisions/0038-several-workers-and-instances.md).
 */
const REFRESH_MS = 15_000;
/**
 * By database, not by Kysely instance: a block or unblock may hold a transaction (an instance of
 * its own), and forgetting the copy under that key would leave the guard's copy in place until the
 * notification came back.
 */
interface BlockedIpsCopy {
  at: number;
  ips: Promise<Set<string>>;
  /** Set once `ips` resolved, for loadedBlockedIps. */
  loaded?: Set<string>;
}
const caches = new WeakMap<object, BlockedIpsCopy>();

export function blockedIps(db: Db): Promise<Set<string>> {
  const key = databaseIdentity(db);
  const hit = caches.get(key);
  if (hit && Date.now() - hit.at < REFRESH_MS) return hit.ips;
  const entry: BlockedIpsCopy = {
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
  caches.set(key, entry);
  entry.ips.catch(() => {
    if (caches.get(key) === entry) caches.delete(key);
  });
  return entry.ips;
}

/**
 * The blocked addresses when a fresh copy is already loaded, without waiting: the guard in
 * front of every request then costs no promise (issue 17). Undefined means "ask blockedIps".
 */
export function loadedBlockedIps(db: Db): Set<string> | undefined {
  const hit = caches.get(databaseIdentity(db));
  return hit && Date.now() - hit.at < REFRESH_MS ? hit.loaded : undefined;
}

/**
 * Called after a block or unblock so this process reacts at once: on PostgreSQL the trigger's
 * notification comes back a moment after the commit.
 */
export function forgetBlockedIps(db: Db) {
  caches.delete(databaseIdentity(db));
}

/**
 * Drops this process's copy whenever any process blocks or unblocks an address. The app calls it
 * once per database handle; it returns the unsubscribe function.
 */
export function watchBlockedIps(database: Pick<DbHandle, 'db' | 'listen'>): () => Promise<void> {
  const subscription = subscribePageChanges(database, (tags) => {
    if (tags.includes('blocked-ips')) forgetBlockedIps(database.db);
  });
  // A copy loaded before the LISTEN was in place may have missed a block.
  void subscription.listening.then(() => forgetBlockedIps(database.db));
  return subscription.stop;
}
