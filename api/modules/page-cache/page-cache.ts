import type { DbHandle } from '../../../db/client';
import { subscribePageChanges } from './changes';
import { PageStore, type PageStoreLimits } from './store';

/** One app instance's visitor page cache, kept current by what the database says changed. */
export interface PageCache {
  store: PageStore;
  close(): Promise<void>;
}

export function createPageCache(
  database: Pick<DbHandle, 'listen'>,
  limits?: Partial<PageStoreLimits>,
): PageCache {
  const store = new PageStore(limits);
  const unsubscribe = subscribePageChanges(database, (tags) => store.invalidate(tags));
  return { store, close: unsubscribe };
}
