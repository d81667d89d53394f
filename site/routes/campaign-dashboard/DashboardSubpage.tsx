import type { ReactNode } from 'react';
import { PageHero } from '../../components/PageHero';

/**
 * A page under the campaign dashboard (committee, treasurers, outreach): its hero with the way
 * back, the notice a saved form left, then the page's own sections.
 */
export function DashboardSubpage({
  title,
  notice,
  children,
}: {
  title: string;
  notice?: string | undefined;
  children: ReactNode;
}) {
  return (
    <>
      <PageHero
        eyebrow="Your campaign"
        title={title}
        lead={<a href="/campaign-dashboard">Back to the campaign dashboard</a>}
      />
      <div className="prose campaign-dashboard">
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
