import {
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  sql,
} from 'kysely';
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

/**
 * The tags a write request changed, carried by the request's own Kysely instance as a plugin that
 * leaves every query as it is: transactions and connections opened from that instance keep their
 * plugins, so pageDataChanged finds the scope from the `db` it was given. Not AsyncLocalStorage:
 * on Node 20 its first run() turns on promise hooks for every promise of the process, for good,
 * which cost a third of a plain route's throughput and a tenth of a signed-in page's
 * (docs/decisions/0045-no-async-local-storage.md).
 */
class WriteScope implements KyselyPlugin {
  readonly changed = new Set<string>();

  transformQuery(args: PluginTransformQueryArgs) {
    return args.node;
  }

  transformResult(args: PluginTransformResultArgs) {
    return Promise.resolve(args.result);
  }
}

function writeScopeOf(db: Db): WriteScope | undefined {
  for (const plugin of db.getExecutor().plugins) if (plugin instanceof WriteScope) return plugin;
  return undefined;
}

/**
 * Tells every page cache that data behind `tags` changed. Call it with the transaction that
 * makes the change: PostgreSQL delivers the NOTIFY only when that transaction commits (and never
 * if it rolls back), to every instance. The request that made the change also drops its own
 * instance's copies once its handler returns (runInWriteScope), so the writer's next page is fresh
 * without waiting for the notification to come back.
 */
export async function pageDataChanged(db: Db, tags: readonly ChangeTag[]): Promise<void> {
  if (tags.length === 0) return;
  const scope = writeScopeOf(db);
  if (scope) for (const tag of tags) scope.changed.add(tag);
  for (const listener of inProcess) listener(tags);
  await sql`select pg_notify(${PAGE_CHANGES_CHANNEL}, ${JSON.stringify(tags)})`.execute(db);
}

/**
 * Runs a write request's handler with a `db` that collects the tags it changes, then hands them
 * to `apply` (after the handler, so after its transactions committed).
 */
export async function runInWriteScope<T>(
  db: Db,
  run: (scopedDb: Db) => Promise<T>,
  apply: (tags: readonly string[]) => void,
): Promise<T> {
  const scope = new WriteScope();
  try {
    return await run(db.withPlugin(scope));
  } finally {
    if (scope.changed.size > 0) apply([...scope.changed]);
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
