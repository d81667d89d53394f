import type { DbHandle } from '../../../db/client';
import { subscribePageChanges } from './changes';
import { PageStore, type PageStoreLimits } from './store';

/** One app instance's visitor page cache, kept current by what the database says changed. */
export interface PageCache {
  store: PageStore;
  /** Settles once the cache hears the database's changes; see subscribePageChanges. */
  listening: Promise<void>;
  close(): Promise<void>;
}

export function createPageCache(
  database: Pick<DbHandle, 'listen'>,
  limits?: Partial<PageStoreLimits>,
): PageCache {
  const store = new PageStore(limits);
  const subscription = subscribePageChanges(database, (tags) => store.invalidate(tags));
  // A page stored (or rendering) before the LISTEN was in place may have missed a change.
  const listening = subscription.listening.then(() => store.clear());
  return { store, listening, close: subscription.stop };
}
