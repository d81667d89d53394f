import type { ReactNode } from 'react';
import type { CampaignSeat } from '../../../api/modules/supporters/team';
import { DashboardSubpage } from '../campaign-dashboard/DashboardSubpage';
import { dashboardDate } from '../campaign-dashboard/dashboard-date';

/** A page of a campaign's supporters: whose people they are, the way back, the notice a form left, its sections. */
export function SupportersPage({
  seat,
  title,
  back = { href: '/supporters', label: 'All the campaigns you work on' },
  notice,
  children,
}: {
  seat: CampaignSeat;
  title: string;
  back?: { href: string; label: string } | undefined;
  notice?: string | undefined;
  children: ReactNode;
}) {
  return (
    <DashboardSubpage
      eyebrow={seat.ownerName}
      title={title}
      back={back}
      notice={notice}
      className="supporters"
    >
      {children}
    </DashboardSubpage>
  );
}

/** 'Jan 5, 2026' (the UTC day, as the list's date filters read it), or a dash. */
export function shortDay(at: Date | string | null | undefined): string {
  return at ? dashboardDate(new Date(at), 'UTC') : '—';
}
