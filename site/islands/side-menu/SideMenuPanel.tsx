import { useId } from 'react';
import type { NavLink } from '../../lib/nav-links';

/**
 * Below 80em the header's links move into this slide-in menu (docs/product/spec.md §2). Markup
 * only, drawn closed by the server: the island's script (../SideMenu.tsx) opens and closes it
 * without React.
 */
export default function SideMenuPanel({ links }: { links: NavLink[] }) {
  const panelId = useId();
  return (
    <div className="side-menu">
      <button type="button" className="side-menu__toggle" aria-expanded="false" aria-controls={panelId}>
        <span className="side-menu__bars" aria-hidden="true" />
        <span className="visually-hidden">Menu</span>
      </button>
      <div className="side-menu__backdrop" data-open="false" aria-hidden="true" />
      <nav id={panelId} className="side-menu__panel" aria-label="Side menu" hidden>
        <button type="button" className="side-menu__close">
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
