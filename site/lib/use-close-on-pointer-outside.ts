import { type RefObject, useEffect } from 'react';

/** While `open`, a pointer going down outside `rootRef`'s element closes it (menus, dropdowns). */
export function useCloseOnPointerOutside(
  rootRef: RefObject<HTMLElement | null>,
  open: boolean,
  setOpen: (open: boolean) => void,
) {
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [rootRef, open, setOpen]);
}
