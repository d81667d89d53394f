import type { ReactNode } from 'react';
import { PageHero } from '../../components/PageHero';

/**
 * A page under the campaign dashboard (committee, treasurers, outreach, the supporters): its hero
 * with whose page it is and the way back, the notice a saved form left, then the page's own sections.
 */
export function DashboardSubpage({
  title,
  notice,
  eyebrow = 'Your campaign',
  back = { href: '/campaign-dashboard', label: 'Back to the campaign dashboard' },
  className,
  children,
}: {
  title: string;
  notice?: string | undefined;
  eyebrow?: string | undefined;
  back?: { href: string; label: string } | undefined;
  /** More classes for the page's body ('supporters'). */
  className?: string | undefined;
  children: ReactNode;
}) {
  return (
    <>
      <PageHero eyebrow={eyebrow} title={title} lead={<a href={back.href}>{back.label}</a>} />
      <div className={className ? `prose campaign-dashboard ${className}` : 'prose campaign-dashboard'}>
        {notice && (
          <p className="notice notice--success" role="status">
            {notice}
          </p>
        )}
        {children}
      </div>
    </>
  );
}
