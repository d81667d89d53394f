import { KeptText } from '../../api/platform/gzip-parts';
import type { RenderedFragment } from '../server/island-collector';

/** A fragment of a page; `kept` when the same markup is answered again (api/platform/gzip-parts.ts). */
export interface PageFragment extends RenderedFragment {
  kept?: KeptText;
}

/** A fragment that will be answered again: its bytes and deflate are then made only once. */
export function keptFragment(fragment: RenderedFragment): PageFragment {
  return { ...fragment, kept: new KeptText(fragment.html) };
}
