import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'kysely';
import type { Db, DbHandle } from '../../../db/client';
import { log } from '../../platform/logger';

/**
 * What a cached visitor page shows, named coarsely enough that a writer knows which names its
 * change touches (docs/decisions/0025-visitor-page-cache.md):
 * - 'shop': any product, price, stock or units-sold change (catalog, product pages, vendor shops);
 * - 'people': any public profile change (vendor pages list their owner's profile);
 * - `profile:<id>`: that member's own profile page;
 * - 'toggles': a feature toggle (the donate button on candidates' profiles);
 * - 'reference-options': the labels profiles show for states, parties, interests.
 */
export type PageTag = 'shop' | 'people' | 'toggles' | 'reference-options' | `profile:${number}`;

/**
 * Names on the same channel for what other per-process copies hold, so that every instance hears
 * of a change through one LISTEN (docs/decisions/0038-several-workers-and-instances.md):
 * - 'blocked-ips': the blocked-address list the request guard keeps (api/modules/security/blocked-ips.ts).
 */
export type ChangeTag = PageTag | 'blocked-ips';

/** The tags a change to one member's public profile touches. */
export const profileTags = (userId: number): PageTag[] => ['people', `profile:${userId}`];

/** The NOTIFY channel every instance's page cache LISTENs on (PostgreSQL). */
export const PAGE_CHANGES_CHANNEL = 'campaign_hq_page_data';

export type PageChangeListener = (tags: readonly string[]) => void;

/** Caches in this process on embedded PGlite, which is one process: delivery is in-process. */
const inProcess = new Set<PageChangeListener>();

/** The tags the current write request changed; the request's middleware applies them after the handler. */
const requestChanges = new AsyncLocalStorage<Set<string>>();

/**
 * Tells every page cache that data behind `tags` changed. Call it with the transaction that
 * makes the change: PostgreSQL delivers the NOTIFY only when that transaction commits (and never
 * if it rolls back), to every instance. The request that made the change also drops its own
 * instance's copies once its handler returns (runInWriteScope), so the writer's next page is fresh
 * without waiting for the notification to come back.
 */
export async function pageDataChanged(db: Db, tags: readonly ChangeTag[]): Promise<void> {
  if (tags.length === 0) return;
  const scope = requestChanges.getStore();
  if (scope) for (const tag of tags) scope.add(tag);
  for (const listener of inProcess) listener(tags);
  await sql`select pg_notify(${PAGE_CHANGES_CHANNEL}, ${JSON.stringify(tags)})`.execute(db);
}

/** Runs a write request's handler, then hands the tags it changed to `apply`. */
export async function runInWriteScope<T>(
  run: () => Promise<T>,
  apply: (tags: readonly string[]) => void,
): Promise<T> {
  const changed = new Set<string>();
  try {
    return await requestChanges.run(changed, run);
  } finally {
    if (changed.size > 0) apply([...changed]);
  }
}

/**
 * Subscribes one cache to every instance's changes: LISTEN on PostgreSQL (postgres.js carries
 * every LISTEN of a process on one connection, the realtime port's too), in-process on PGlite.
 * Returns the unsubscribe function.
 */
export function subscribePageChanges(
  database: Pick<DbHandle, 'sql'>,
  listener: PageChangeListener,
): () => Promise<void> {
  if (!database.sql) {
    inProcess.add(listener);
    return async () => {
      inProcess.delete(listener);
    };
  }
  const listening = database.sql
    .listen(PAGE_CHANGES_CHANNEL, (payload) => {
      try {
        const tags = JSON.parse(payload) as unknown;
        if (Array.isArray(tags)) listener(tags.filter((t): t is string => typeof t === 'string'));
      } catch (error) {
        log.warn('page cache: bad notification payload', error);
      }
    })
    .catch((error: unknown) => {
      log.error('page cache: LISTEN failed; other instances’ changes reach this one by TTL only', error);
      return null;
    });
  return async () => {
    const handle = await listening;
    await handle?.unlisten().catch(() => {});
  };
}
