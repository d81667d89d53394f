import type { ComponentProps } from 'react';
import type SearchBoxCombobox from './search-box/SearchBoxCombobox';

type SearchBoxProps = ComponentProps<typeof SearchBoxCombobox>;

/** Any of these inside the box means someone is about to use it: load it now. */
const FIRST_USE_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

/**
 * The header search box, hydrated on first use (docs/decisions/0027-javascript-weight.md). The server renders the whole
 * combobox (./search-box/SearchBoxCombobox.tsx), which without JavaScript is a GET form to
 * /search; this script only waits for a pointer, a touch, focus or a key inside it, then loads the
 * combobox and hydrates it. Until then a page carries none of its code, nor react-query or tRPC.
 *
 * Nothing the person does meanwhile is lost: text typed into the field stays in it and the
 * combobox takes it over when it hydrates, and a click (the "Open search" button) that landed
 * before React was listening is clicked again once it is.
 */
export function mount(element: HTMLElement, props: SearchBoxProps) {
  let missedClick: HTMLElement | null = null;
  const rememberClick = (event: Event) => {
    missedClick = event.target instanceof Element ? event.target.closest<HTMLElement>('button') : null;
  };
  const start = () => {
    for (const type of FIRST_USE_EVENTS) element.removeEventListener(type, start, { capture: true });
    void hydrate().catch((error: unknown) => console.error('Island "SearchBox" failed to load', error));
  };
  const hydrate = async () => {
    const [{ hydrateIsland }, { default: SearchBoxCombobox }] = await Promise.all([
      import('../lib/hydrate-island'),
      import('./search-box/SearchBoxCombobox'),
    ]);
    // No QueryClient here: the combobox brings it with its data client (site/lib/people-search-query.tsx).
    hydrateIsland(element, SearchBoxCombobox, props);
    element.removeEventListener('click', rememberClick, { capture: true });
    // A discrete event makes React finish hydrating this root at once, then handle it.
    if (missedClick?.isConnected) missedClick.click();
  };
  for (const type of FIRST_USE_EVENTS)
    element.addEventListener(type, start, { capture: true, passive: true });
  element.addEventListener('click', rememberClick, { capture: true });
}
