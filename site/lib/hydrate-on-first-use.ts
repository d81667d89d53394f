import type { ComponentType } from 'react';

/** Any of these inside an island means someone is about to use it: load it now. */
const FIRST_USE_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

export interface FirstUseOptions {
  /** True to hydrate at once (the island already has something to show that the server could not know). */
  now?: boolean;
  /** Events on window after which the island may have something to show: `when` decides whether to hydrate. */
  wakeOn?: { types: readonly string[]; when: () => boolean };
}

/**
 * A mounted island's script (site/lib/island-loading.ts; docs/decisions/0027-javascript-weight.md,
 * 0063-header-islands-hydrate-on-first-use.md): the server rendered the whole island, which works as
 * plain HTML until then; this waits for a pointer, a touch, focus or a key inside it, then loads React
 * and the component and hydrates it. Until then the page runs none of React.
 *
 * Nothing the person does meanwhile is lost: text typed into a field stays in it and the component
 * takes it over when it hydrates, and a click on a button that landed before React was listening
 * is clicked again once it is.
 */
export function hydrateOnFirstUse<P extends object>(
  element: HTMLElement,
  name: string,
  props: P,
  load: () => Promise<{ default: ComponentType<P> }>,
  options: FirstUseOptions = {},
): void {
  let started = false;
  let missedClick: HTMLElement | null = null;
  const rememberClick = (event: Event) => {
    missedClick = event.target instanceof Element ? event.target.closest<HTMLElement>('button') : null;
  };
  const wake = () => {
    if (options.wakeOn?.when()) start();
  };
  const start = () => {
    if (started) return;
    started = true;
    for (const type of FIRST_USE_EVENTS) element.removeEventListener(type, start, { capture: true });
    for (const type of options.wakeOn?.types ?? []) window.removeEventListener(type, wake);
    void hydrate().catch((error: unknown) => console.error(`Island "${name}" failed to load`, error));
  };
  const hydrate = async () => {
    const [{ hydrateIsland }, { default: Component }] = await Promise.all([
      import('./hydrate-island'),
      load(),
    ]);
    hydrateIsland(
      element,
      Component as ComponentType<Record<string, unknown>>,
      props as Record<string, unknown>,
    );
    element.removeEventListener('click', rememberClick, { capture: true });
    // A discrete event makes React finish hydrating this root at once, then handle it.
    if (missedClick?.isConnected) missedClick.click();
  };
  element.addEventListener('click', rememberClick, { capture: true });
  if (options.now) {
    start();
    return;
  }
  for (const type of FIRST_USE_EVENTS)
    element.addEventListener(type, start, { capture: true, passive: true });
  for (const type of options.wakeOn?.types ?? []) window.addEventListener(type, wake);
}
