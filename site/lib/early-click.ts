/**
 * A button pressed inside an island before the island's component listens: from the first paint
 * until the island's script runs (its chunk arrives a round trip after the entry, more on a phone)
 * and then until React has hydrated it, the island's buttons are plain HTML and a press does
 * nothing. The entry (site/client.ts) listens from the moment it runs and marks the last button
 * pressed in each island; once the island's component listens, it takes the mark and clicks that
 * button again (the entry for islands hydrated at load, hydrateOnFirstUse for the others).
 */
const MARK = 'data-early-click';

/** Islands whose component listens: their presses are their own. */
const listening = new WeakSet<Element>();

/** Started by the entry as soon as it runs. */
export function listenForEarlyClicks(): void {
  document.addEventListener('click', markEarlyClick, { capture: true });
}

function markEarlyClick(event: MouseEvent): void {
  // A script's click (the replay itself) is not a press.
  if (!event.isTrusted) return;
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  const island = button?.closest('[data-island]');
  if (!button || !island || listening.has(island)) return;
  // Only the last press counts.
  dropEarlyClick(island);
  // A submit button's press went to the browser as the form's submission (or, for a form only
  // React can send, to hydrateOnFirstUse's holdSubmit): pressing it again could send it twice.
  if (button.type === 'button') button.setAttribute(MARK, '');
}

/** Whether a button of `island` was pressed and not yet taken. */
export function hasEarlyClick(island: Element): boolean {
  return island.querySelector(`[${MARK}]`) !== null;
}

/** Forgets the press marked in `island` and answers its button (unmarked: React hydrates it as rendered). */
export function dropEarlyClick(island: Element): HTMLElement | null {
  const button = island.querySelector<HTMLElement>(`[${MARK}]`);
  button?.removeAttribute(MARK);
  return button;
}

/** For an island whose component now listens: the button pressed before, if any; later presses are the component's. */
export function takeEarlyClick(island: Element): HTMLElement | null {
  listening.add(island);
  return dropEarlyClick(island);
}
