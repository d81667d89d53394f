import type { ComponentType } from 'react';
import { dropEarlyClick, hasEarlyClick, takeEarlyClick } from './early-click';

/** Any of these inside an island means someone is about to use it: load it now. */
const FIRST_USE_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

export interface FirstUseOptions {
  /** True to hydrate at once (the island already has something to show that the server could not know). */
  now?: boolean;
  /** Events on window after which the island may have something to show: `when` decides whether to hydrate. */
  wakeOn?: { types: readonly string[]; when: () => boolean };
  /**
   * True when only React can submit the island's form (it has no action the server answers): a
   * submission before React listens is held, and its button clicked again once React does.
   */
  holdSubmit?: boolean;
  /**
   * With holdSubmit: what the held submission does without React, should the page be left
   * (pagehide) before React has loaded; it then is not made again if the page comes back.
   */
  submitOnLeave?: (form: HTMLFormElement) => void;
}

/**
 * A mounted island's script (site/lib/island-loading.ts; docs/decisions/0027-javascript-weight.md,
 * 0063-header-islands-hydrate-on-first-use.md): the server rendered the whole island, which works as
 * plain HTML until then; this waits for a pointer, a touch, focus or a key inside it, then loads React
 * and the component and hydrates it. Until then the page runs none of React.
 *
 * Nothing the person does meanwhile is lost: text typed into a field stays in it and the component
 * takes it over when it hydrates, a control that has focus when React starts listening hears that
 * focus then (`replayFocus`), a button pressed before React was listening (marked by the
 * entry: site/lib/early-click.ts) is clicked again once it is, and (`holdSubmit`) so is the button
 * that submitted a form, or, when the page is left first, the submission is made without React
 * (`submitOnLeave`). Focus that landed in the island before this script ran starts it at once.
 */
export function hydrateOnFirstUse<P extends object>(
  element: HTMLElement,
  name: string,
  props: P,
  load: () => Promise<{ default: ComponentType<P> }>,
  options: FirstUseOptions = {},
): void {
  let started = false;
  /** The button of a held submission: replayed whatever was clicked after it. */
  let heldSubmit: HTMLElement | null = null;
  const submitHeldOnLeave = () => {
    const heldForm = heldSubmit?.closest('form');
    if (!heldForm || !options.submitOnLeave) return;
    options.submitOnLeave(heldForm);
    // Made: nothing to replay should the page come back (the click that submitted it included).
    heldSubmit = null;
    dropEarlyClick(element);
  };
  const holdSubmit = (event: SubmitEvent) => {
    if (!(event.target instanceof HTMLFormElement)) return;
    event.preventDefault();
    // Made again as a click on the button that submitted it (Enter in a field submits through the
    // form's first submit button too): a click makes React finish hydrating and handle it, where a
    // bare submit event on a root still hydrating would go to the browser and reload the page.
    heldSubmit =
      event.submitter ?? event.target.querySelector<HTMLElement>('button[type="submit"], button:not([type])');
    if (options.submitOnLeave) window.addEventListener('pagehide', submitHeldOnLeave, { once: true });
    start();
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
    element.removeEventListener('submit', holdSubmit, { capture: true });
    window.removeEventListener('pagehide', submitHeldOnLeave);
    replayFocus(element);
    const pressed = takeEarlyClick(element);
    // A discrete event makes React finish hydrating this root at once, then handle it.
    const replay = heldSubmit ?? pressed;
    if (replay?.isConnected) replay.click();
  };
  if (options.holdSubmit) element.addEventListener('submit', holdSubmit, { capture: true });
  // Pressed or focused before this script ran (a click, Tab, or typing): someone is using it already.
  if (options.now || hasEarlyClick(element) || element.contains(document.activeElement)) {
    start();
    return;
  }
  for (const type of FIRST_USE_EVENTS)
    element.addEventListener(type, start, { capture: true, passive: true });
  for (const type of options.wakeOn?.types ?? []) window.addEventListener(type, wake);
}

/**
 * The focus that woke the island (or came before its script) reached the page before React
 * listened, so a component that acts on focus (the search box opens its dropdown) never heard it.
 * Told again right after hydrateRoot, it reaches React as a focus event on a root still hydrating,
 * which React holds and hands to the component once hydrated.
 */
function replayFocus(element: HTMLElement): void {
  const focused = document.activeElement;
  if (!(focused instanceof HTMLElement) || !element.contains(focused)) return;
  focused.dispatchEvent(new FocusEvent('focusin', { bubbles: true, composed: true }));
}
