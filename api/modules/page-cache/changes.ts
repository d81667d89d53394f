import type { DbHandle } from '../../../db/client';
import { log } from '../../platform/logger';

/**
 * What a cached visitor page shows, named coarsely. The database names what changed: statement
 * triggers on the tables these pages read publish the tags (migrations/0036_page_data_triggers.ts,
 * docs/decisions/0083-page-cache-learns-from-the-database.md):
 * - 'shop': any product, price, stock or units-sold change (catalog, product pages, vendor shops);
 * - 'people': anything public about anyone (names, images, handles, blocks): every profile and
 *   vendor page, since each may show other members (endorsers, mentions, follower counts);
 * - `profile:<id>`: that member's own rows (posts, follows, endorsements, stances, membership);
 * - 'toggles': a feature toggle (the donate button on candidates' profiles);
 * - 'reference-options': the labels profiles show for states, parties, interests.
 * The channel also carries 'blocked-ips', which is no page: the request guard's copy of the
 * blocked addresses (api/modules/security/blocked-ips.ts).
 */
export type PageTag = 'shop' | 'people' | 'toggles' | 'reference-options' | `profile:${number}`;

/** The NOTIFY channel the triggers publish on and every instance's caches listen to. */
export const PAGE_CHANGES_CHANNEL = 'campaign_hq_page_data';

export type PageChangeListener = (tags: readonly string[]) => void;

export interface PageChangeSubscription {
  /**
   * Settles once the LISTEN is in place (or has failed): a notification sent before then is lost,
   * so whatever was copied from the database before it may already be stale.
   */
  listening: Promise<void>;
  stop(): Promise<void>;
}

/**
 * Subscribes one cache to the tags the database publishes: every instance's writes on PostgreSQL
 * (postgres.js carries every LISTEN of a process on one connection, the realtime port's too), this
 * process's writes on PGlite, heard before the write returns.
 */
export function subscribePageChanges(
  database: Pick<DbHandle, 'listen'>,
  listener: PageChangeListener,
): PageChangeSubscription {
  const unlisten = database
    .listen(PAGE_CHANGES_CHANNEL, (payload) => {
      try {
        const tags = JSON.parse(payload) as unknown;
        if (Array.isArray(tags)) listener(tags.filter((t): t is string => typeof t === 'string'));
      } catch (error) {
        log.warn('page cache: bad notification payload', error);
      }
    })
    .catch((error: unknown) => {
      log.error('page cache: LISTEN failed; changes reach this instance by TTL only', error);
      return null;
    });
  return {
    listening: unlisten.then(() => {}),
    stop: async () => {
      const stop = await unlisten;
      await stop?.().catch(() => {});
    },
  };
}
