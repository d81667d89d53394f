import { type RefObject, useEffect, useState } from 'react';
import { useCloseOnPointerOutside } from '../../lib/use-close-on-pointer-outside';

/**
 * Whether the person has paused for `delayMs` since the last keystroke: 'no results.' waits for
 * it. Every keystroke (even a space) restarts the wait; an empty field never waits.
 */
export function usePausedTyping(query: string, delayMs: number): boolean {
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    setWaited(false);
    if (query.trim() === '') return;
    const timer = window.setTimeout(() => setWaited(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [query, delayMs]);
  return waited;
}

/** Closes the dropdown when focus leaves the whole box (Tab past the last link) or a pointer goes down outside it. */
export function useCloseWhenLeft(
  rootRef: RefObject<HTMLElement | null>,
  open: boolean,
  setOpen: (open: boolean) => void,
) {
  useEffect(() => {
    const root = rootRef.current;
    const onFocusOut = (event: FocusEvent) => {
      if (!root?.contains(event.relatedTarget as Node | null)) setOpen(false);
    };
    root?.addEventListener('focusout', onFocusOut);
    return () => root?.removeEventListener('focusout', onFocusOut);
  }, [rootRef, setOpen]);

  useCloseOnPointerOutside(rootRef, open, setOpen);
}
