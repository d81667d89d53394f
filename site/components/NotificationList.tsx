import { type KeyboardEvent, useId, useRef, useState } from 'react';
import type { NotificationItem } from '../../api/contract/notification-types';
import { relativeAge } from '../lib/relative-age';
import { NotificationTypeIcon, notificationTypeLabel } from './NotificationTypeIcon';

export const NEWEST_COUNT = 5;
const TABS = ['All', 'Unread'] as const;
type Tab = (typeof TABS)[number];

/**
 * The notification panel's body (docs/product/spec.md §2): tabs All / Unread, 'Mark All as Read',
 * 'Newest' (first 5, newest first, with 'See all') and 'Older' (the rest).
 */
export function NotificationList({
  items,
  error,
  loading,
  onOpen,
  onMarkAll,
  showSeeAll,
}: {
  items: NotificationItem[];
  error: string | null;
  loading: boolean;
  onOpen: (item: NotificationItem) => void;
  onMarkAll: () => void;
  showSeeAll: boolean;
}) {
  const [tab, setTab] = useState<Tab>('All');
  const id = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const sorted = [...items].sort(
    (x, y) => new Date(y.createtimestamp).getTime() - new Date(x.createtimestamp).getTime(),
  );
  const shown = tab === 'All' ? sorted : sorted.filter((n) => !n.isread);
  const anyUnread = items.some((n) => !n.isread);
  const newest = shown.slice(0, NEWEST_COUNT);
  const older = shown.slice(NEWEST_COUNT);

  function onTabKey(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next = (index + (event.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length;
    setTab(TABS[next]!);
    tabRefs.current[next]?.focus();
  }

  return (
    <div className="notification-list">
      <div className="notification-list__bar">
        <div role="tablist" aria-label="Show" className="notification-list__tabs">
          {TABS.map((name, index) => (
            <button
              key={name}
              ref={(el) => {
                tabRefs.current[index] = el;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${name}`}
              aria-selected={tab === name}
              aria-controls={`${id}-panel`}
              tabIndex={tab === name ? 0 : -1}
              className="notification-list__tab"
              onClick={() => setTab(name)}
              onKeyDown={(e) => onTabKey(e, index)}
            >
              {name}
            </button>
          ))}
        </div>
        <button type="button" className="button button--small" disabled={!anyUnread} onClick={onMarkAll}>
          Mark All as Read
        </button>
      </div>
      <div
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={`${id}-tab-${tab}`}
        className="notification-list__panel"
      >
        {error ? (
          <p role="alert" className="alert alert--error">
            {`There was an error processing your notifications: ${error}`}
          </p>
        ) : loading ? (
          <p className="notification-list__empty">Loading…</p>
        ) : shown.length === 0 ? (
          <p className="notification-list__empty">You have no notifications at this time.</p>
        ) : (
          <>
            <Section title="Newest" items={newest} onOpen={onOpen} seeAll={showSeeAll} />
            {older.length > 0 && <Section title="Older" items={older} onOpen={onOpen} seeAll={false} />}
          </>
        )}
      </div>
    </div>
  );
}

function Section({
  title,
  items,
  onOpen,
  seeAll,
}: {
  title: string;
  items: NotificationItem[];
  onOpen: (item: NotificationItem) => void;
  seeAll: boolean;
}) {
  const id = useId();
  return (
    <section className="notification-section" aria-labelledby={id}>
      <div className="notification-section__head">
        <h3 id={id}>{title}</h3>
        {seeAll && <a href="/notifications">See all</a>}
      </div>
      <ul>
        {items.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              className={`notification-item${item.isread ? '' : ' notification-item--unread'}`}
              onClick={() => onOpen(item)}
            >
              <Avatar item={item} />
              <span className="notification-item__text">
                <span className="visually-hidden">{`${notificationTypeLabel(item.type)}: `}</span>
                <span className="notification-item__message">{item.message}</span>
                <span className="notification-item__age">{relativeAge(item.createtimestamp)}</span>
              </span>
              {!item.isread && <span className="notification-item__dot" role="img" aria-label="Unread" />}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Avatar({ item }: { item: NotificationItem }) {
  const user = item.relateduser;
  if (user?.profileimage) return <img className="notification-item__avatar" src={user.profileimage} alt="" />;
  return (
    <span className="notification-item__avatar notification-item__avatar--default" aria-hidden="true">
      {user ? (user.firstname[0] ?? '?') : <NotificationTypeIcon type={item.type} />}
    </span>
  );
}
