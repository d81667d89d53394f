import type { ComponentProps } from 'react';
import { hydrateOnFirstUse } from '../lib/hydrate-on-first-use';
import type SearchBoxCombobox from './search-box/SearchBoxCombobox';

type SearchBoxProps = ComponentProps<typeof SearchBoxCombobox>;

/**
 * The header search box, hydrated on first use (docs/decisions/0027-javascript-weight.md). The server renders the whole
 * combobox (./search-box/SearchBoxCombobox.tsx), which without JavaScript is a GET form to
 * /search; this script only waits for a pointer, a touch, focus or a key inside it, then loads the
 * combobox and hydrates it (site/lib/hydrate-on-first-use.ts). Until then a page carries none of
 * its code, nor react-query or tRPC: the combobox brings its data client with it
 * (site/lib/people-search-query.tsx), so no QueryClient is passed here.
 */
export function mount(element: HTMLElement, props: SearchBoxProps) {
  hydrateOnFirstUse(element, 'SearchBox', props, () => import('./search-box/SearchBoxCombobox'));
}
