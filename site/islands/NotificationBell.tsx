import { useEffect, useId, useRef, useState } from 'react';
import type { NotificationItem } from '../../api/contract/notification-types';
import { IconWithBadge } from '../components/IconWithBadge';
import { NotificationList } from '../components/NotificationList';
import type { RealtimeKind } from '../lib/realtime-client';
import { messageOf } from '../lib/trpc';
import { useNotifications } from '../lib/use-notifications';

export interface NotificationBellProps {
  userId: number;
  realtime: RealtimeKind;
}

/**
 * The header's notification icon and popover (docs/product/spec.md §2): a disclosure button opening a
 * non-modal dialog titled 'Notifications', at most 370 × 685 px. Escape or a click outside
 * closes it and focus returns to the button. Without JavaScript the icon links to /notifications.
 */
export default function NotificationBell({ userId, realtime }: NotificationBellProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLAnchorElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const { query, markOne, markAll } = useNotifications(userId, realtime);
  const items = query.data ?? [];
  const unread = items.filter((n) => !n.isread).length;

  useEffect(() => {
    if (!open) return;
    dialog.current?.focus();
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!dialog.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  function close() {
    setOpen(false);
    button.current?.focus();
  }

  function openItem(item: NotificationItem) {
    if (!item.isread) markOne.mutate(item.id);
    if (item.route) window.location.assign(item.route);
  }

  return (
    <div className="notification-bell">
      <a
        ref={button}
        href="/notifications"
        className="icon-link"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? `${id}-dialog` : undefined}
        onClick={(event) => {
          event.preventDefault();
          setOpen((o) => !o);
        }}
      >
        <IconWithBadge icon="bell" label="Notifications" badge="notifications" count={unread} />
      </a>
      {open && (
        <div
          ref={dialog}
          id={`${id}-dialog`}
          role="dialog"
          aria-labelledby={`${id}-title`}
          tabIndex={-1}
          className="notification-popover"
          onKeyDown={(event) => {
            if (event.key === 'Escape') close();
          }}
        >
          <h2 id={`${id}-title`} className="notification-popover__title">
            Notifications
          </h2>
          <NotificationList
            items={items}
            loading={query.isPending}
            error={query.isError ? messageOf(query.error) : null}
            onOpen={openItem}
            onMarkAll={() => markAll.mutate()}
            showSeeAll
          />
        </div>
      )}
    </div>
  );
}
