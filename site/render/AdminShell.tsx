import type { ReactNode } from 'react';
import { Logo } from '../components/Logo';

/**
 * The admin layout's frame for pages the server renders under /admin: the dark sidebar
 * (desktop) that becomes a full-screen drawer on mobile. The react-admin console renders
 * its own copy of this frame once loaded.
 */
export function AdminShell({ children }: { children: ReactNode }) {
  return (
    <div className="admin-shell">
      <aside className="admin-shell__sidebar" aria-label="Admin">
        <a href="/admin" className="admin-shell__brand">
          <Logo tone="light" />
          <span className="visually-hidden">Admin home</span>
        </a>
      </aside>
      <main id="main" className="admin-shell__main">
        {children}
      </main>
    </div>
  );
}
