import type { ReactNode } from 'react';
import type { CampaignSeat } from '../../../api/modules/supporters/team';
import { PageHero } from '../../components/PageHero';

/** A page of a campaign's supporters: its hero (whose people, the way back), the notice a form left, its sections. */
export function SupportersPage({
  seat,
  title,
  back,
  notice,
  children,
}: {
  seat: CampaignSeat;
  title: string;
  back?: { href: string; label: string } | undefined;
  notice?: string | undefined;
  children: ReactNode;
}) {
  const way = back ?? { href: '/supporters', label: 'All the campaigns you work on' };
  return (
    <>
      <PageHero eyebrow={seat.ownerName} title={title} lead={<a href={way.href}>{way.label}</a>} />
      <div className="prose campaign-dashboard supporters">
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

/** 'Jan 5, 2026', or a dash. */
export function shortDay(at: Date | string | null | undefined): string {
  if (!at) return '—';
  return new Date(at).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
