import type { ReactElement } from 'react';
import { KeptText } from '../../api/platform/gzip-parts';
import { boundedMemo } from '../server/bounded-memo';
import { type RenderedFragment, renderFragment } from '../server/island-collector';

/** A fragment of a page; `kept` when the same markup is answered again (api/platform/gzip-parts.ts). */
export interface PageFragment extends RenderedFragment {
  kept?: KeptText;
}

/** A fragment that will be answered again: its bytes and deflate are then made only once. */
export function keptFragment(fragment: RenderedFragment): PageFragment {
  return { ...fragment, kept: new KeptText(fragment.html) };
}

/**
 * Fragments kept by a key that spells out everything they draw from, at most `limit`, least
 * recently used dropped first: each is rendered in `namespace` the first time its key is asked
 * for, and answered again, bytes and deflate with it, until it is dropped.
 */
export function keptFragments(limit: number) {
  const memo = boundedMemo<PageFragment>(limit);
  return (key: string, namespace: string, element: () => ReactElement): PageFragment =>
    memo(key, () => keptFragment(renderFragment(namespace, element())));
}
