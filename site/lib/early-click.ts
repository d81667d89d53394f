/**
 * A button pressed inside an island before the island's script listens: between the first paint
 * and the island's start (its chunk arrives a round trip after the entry, more on a phone), the
 * header's buttons are plain HTML and a press did nothing. The entry (site/client.ts) listens from
 * the moment it runs and marks the pressed button; the island clicks it again once it listens
 * (hydrateOnFirstUse, or the entry itself for islands hydrated at load).
 */
const MARK = 'data-early-click';

/** Started by the entry as soon as it runs. */
export function listenForEarlyClicks(): void {
  document.addEventListener('click', markEarlyClick, { capture: true });
}

function markEarlyClick(event: MouseEvent): void {
  // A script's click (the replay itself) is not a press.
  if (!event.isTrusted) return;
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  // Only a button that does nothing without script: a submit button's press already went to the
  // browser (the form's action), and pressing it again could send a form twice.
  if (button?.type !== 'button') return;
  const island = button.closest<HTMLElement>('[data-island]');
  // data-hydrated: the island's script runs, and listens for itself.
  if (!island || island.dataset.hydrated) return;
  // Only the last press counts, as for a press the island itself remembers.
  for (const marked of island.querySelectorAll(`[${MARK}]`)) marked.removeAttribute(MARK);
  button.setAttribute(MARK, '');
}

/** The button of `island` pressed before it listened, unmarked (React then hydrates it as rendered). */
export function takeEarlyClick(island: HTMLElement): HTMLElement | null {
  const button = island.querySelector<HTMLElement>(`[${MARK}]`);
  button?.removeAttribute(MARK);
  return button;
}
