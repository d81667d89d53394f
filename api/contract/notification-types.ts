/** The eleven notification types (docs/product/rulings.md, "Notifications"); members choose which they receive. */
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

/** The types the code raises by name, so no module writes a bare number. */
export const NOTIFICATION_TYPE = {
  newMessage: 1,
  newFollower: 2,
  jobApplicationReceived: 3,
  jobApplicationStatusChanged: 4,
  orderStatusChanged: 5,
  donationReceived: 6,
  membershipChanged: 7,
  newSignIn: 8,
  mentionedInPost: 9,
  campaignUpdate: 10,
  announcement: 11,
} as const satisfies Record<string, (typeof NOTIFICATION_TYPES)[number]['type']>;

/** A notification as the bell, the notifications page and the API show it (docs/product/spec.md §3). */
export interface NotificationItem {
  id: number;
  message: string;
  /** 1 to 11: NOTIFICATION_TYPES above. */
  type: number;
  isread: boolean;
  createtimestamp: Date;
  route: string | null;
  relateduser: { id: number; firstname: string; lastname: string; profileimage: string | null } | null;
}
