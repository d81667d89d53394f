import type { ReactNode } from 'react';
import { Logo } from './Logo';

/** The card the bare account pages (sign in, sign up, reset, setup, blocked...) sit in. */
export function AuthCard({
  title,
  lead,
  wide = false,
  children,
}: {
  title: string;
  lead?: ReactNode;
  wide?: boolean;
  children?: ReactNode;
}) {
  return (
    <section className="auth-page">
      <div className={wide ? 'auth-card auth-card--wide' : 'auth-card'}>
        <a href="/" className="auth-card__home">
          <Logo tone="dark" />
          <span className="visually-hidden">Campaign HQ home</span>
        </a>
        <h1>{title}</h1>
        {lead && <p className="auth-card__lead">{lead}</p>}
        {children}
      </div>
    </section>
  );
}
