/** The eleven notification types (docs/product/decisions.md, "Notifications"); members choose which they receive. */
export const NOTIFICATION_TYPES = [
  { type: 1, label: 'New message' },
  { type: 2, label: 'New follower' },
  { type: 3, label: 'Job application received' },
  { type: 4, label: 'Job application status changed' },
  { type: 5, label: 'Order status changed' },
  { type: 6, label: 'Donation received' },
  { type: 7, label: 'Membership changed' },
  { type: 8, label: 'New sign-in (security)' },
  { type: 9, label: 'Mentioned in a post' },
  { type: 10, label: 'Campaign update from a candidate I follow' },
  { type: 11, label: 'Announcement from Campaign HQ' },
] as const;
