import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { NavLink } from '../../lib/nav-links';

/** Below 80em the header's links move into this slide-in menu (docs/product/spec.md §2). */
const WIDE_SCREEN = '(min-width: 80em)';

export default function SideMenuPanel({ links }: { links: NavLink[] }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);

  useEffect(() => {
    const wide = window.matchMedia(WIDE_SCREEN);
    const closeWhenWide = () => wide.matches && setOpen(false);
    wide.addEventListener('change', closeWhenWide);
    return () => wide.removeEventListener('change', closeWhenWide);
  }, []);

  const close = useCallback(() => {
    setOpen(false);
    buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, close]);

  return (
    <div className="side-menu">
      <button
        ref={buttonRef}
        type="button"
        className="side-menu__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
      >
        <span className="side-menu__bars" aria-hidden="true" />
        <span className="visually-hidden">Menu</span>
      </button>
      <div className="side-menu__backdrop" data-open={open} onClick={close} aria-hidden="true" />
      <nav
        ref={panelRef}
        id={panelId}
        className="side-menu__panel"
        data-open={open}
        aria-label="Side menu"
        hidden={!open}
      >
        <button type="button" className="side-menu__close" onClick={close}>
          Close menu
        </button>
        <ul>
          {links.map((link) => (
            <li key={`${link.href}-${link.label}`}>
              <a href={link.href}>{link.label}</a>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
