import { NOTIFICATION_TYPES } from '../../api/contract/notification-types';

/**
 * One stroke icon (24 × 24) per notification type (docs/product/spec.md §3: "type (numeric 1 to
 * 11, each with an icon)"). Inline SVG rather than emoji: emoji showed as empty boxes on machines
 * without an emoji font. Keyed by the contract's types so a new type cannot go without an icon.
 */
export const NOTIFICATION_TYPE_ICON_PATHS: Record<(typeof NOTIFICATION_TYPES)[number]['type'], string> = {
  // New message: an envelope.
  1: 'M3.5 6.5h17v11h-17zM3.5 6.5l8.5 6.5 8.5-6.5',
  // New follower: a person with a plus.
  2: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21v-1a7 7 0 0 1 14 0v1M19 8v6M16 11h6',
  // Job application received: a document.
  3: 'M6 3h9l4 4v14H6zM14 3v5h5M9 13h7M9 17h7',
  // Job application status changed: two turning arrows.
  4: 'M20 11a8 8 0 0 0-14.9-4M4 3v4h4M4 13a8 8 0 0 0 14.9 4M20 21v-4h-4',
  // Order status changed: a parcel.
  5: 'M3 7.5 12 3l9 4.5v9L12 21l-9-4.5zM3 7.5l9 4.5 9-4.5M12 12v9',
  // Donation received: a dollar sign.
  6: 'M12 2v20M17 6H9.5a3.5 3.5 0 0 0 0 7h5a3.5 3.5 0 0 1 0 7H6',
  // Membership changed: a star.
  7: 'M12 3l2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3l-5.6 2.9 1.1-6.2L3 9.6l6.2-.9z',
  // New sign-in (security): a padlock.
  8: 'M5 11h14v10H5zM8 11V7a4 4 0 0 1 8 0v4M12 15v2',
  // Mentioned in a post: a speech bubble.
  9: 'M4 5h16v11H9l-5 4zM8 9h8M8 12h5',
  // Campaign update from a candidate: a megaphone.
  10: 'M3 10v4h3l7 4V6l-7 4zM16 9a4 4 0 0 1 0 6M6 14l1 5h3l-1-4',
  // Announcement from Campaign HQ: a flag.
  11: 'M5 21V4M5 4h12l-2 4 2 4H5',
};

/** The words for a type, for screen readers (the icon itself is decorative). */
export function notificationTypeLabel(type: number): string {
  return NOTIFICATION_TYPES.find((t) => t.type === type)?.label ?? 'Notification';
}

/** The icon of a type, hidden from assistive technology: the type is said in words beside it. */
export function NotificationTypeIcon({ type }: { type: number }) {
  const path = NOTIFICATION_TYPE_ICON_PATHS[type as keyof typeof NOTIFICATION_TYPE_ICON_PATHS];
  return (
    <svg
      className="notification-type-icon"
      data-type={type}
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
    >
      {path ? (
        <path
          d={path}
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      ) : (
        <circle cx="12" cy="12" r="3" fill="currentColor" />
      )}
    </svg>
  );
}
