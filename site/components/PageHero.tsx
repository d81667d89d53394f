import type { ReactNode } from 'react';

/** The band at the top of a page that the transparent header sits over. */
export function PageHero({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="page-hero">
      <div className="page-hero__inner">
        {eyebrow && <p className="page-hero__eyebrow">{eyebrow}</p>}
        <h1>{title}</h1>
        {lead && <p className="page-hero__lead">{lead}</p>}
        {children}
      </div>
    </section>
  );
}

/** Readable column for prose under a hero. */
export function Prose({ children }: { children: ReactNode }) {
  return <div className="prose">{children}</div>;
}
