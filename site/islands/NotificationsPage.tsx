import type { NotificationItem } from '../../api/contract/notification-types';
import { NotificationList } from '../components/NotificationList';
import type { RealtimeKind } from '../lib/realtime-client';
import { messageOf } from '../lib/trpc';
import { useNotifications } from '../lib/use-notifications';

export interface NotificationsPageProps {
  userId: number;
  realtime: RealtimeKind;
}

/** /notifications: the full list with mark-all-as-read (the header popover is not shown here). */
export default function NotificationsPage({ userId, realtime }: NotificationsPageProps) {
  const { query, markOne, markAll } = useNotifications(userId, realtime);
  function openItem(item: NotificationItem) {
    if (!item.isread) markOne.mutate(item.id);
    if (item.route) window.location.assign(item.route);
  }
  return (
    <NotificationList
      items={query.data ?? []}
      loading={query.isPending}
      error={query.isError ? messageOf(query.error) : null}
      onOpen={openItem}
      onMarkAll={() => markAll.mutate()}
      showSeeAll={false}
    />
  );
}
