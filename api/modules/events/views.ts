import { timingSafeEqual } from 'node:crypto';
import type { Db } from '../../../db/client';
import type { EventStatus, EventType, EventVisibility, ShiftSignupStatus } from '../../../db/schema';
import { slugOf } from '../../contract/person-names';
import { nameOf } from '../notifications/names';

/**
 * One event as a viewer may see it (decision 0092). Who sees what:
 * - a published public event: anyone; a followers' event: the host's followers; a private-link
 *   event: whoever has its link (`?key=`); the host and the people signed up always;
 * - a proposal (or a declined one): only the host and the member who proposed it;
 * - the virtual link: only the host and people signed up (a guest reads it in their email and on
 *   the signed page of their sign-up).
 */

export interface ShiftView {
  id: number;
  startsAt: Date;
  endsAt: Date;
  capacity: number;
  taken: number;
  full: boolean;
}

export interface EventView {
  id: number;
  hostId: number;
  hostName: string;
  hostPath: string;
  status: EventStatus;
  type: EventType;
  title: string;
  description: string;
  timeZone: string;
  address: string;
  zip: string;
  state: string;
  visibility: EventVisibility;
  accessibilityNotes: string | null;
  startsAt: Date;
  endsAt: Date;
  latitude: number;
  longitude: number;
  shifts: ShiftView[];
  /** Null unless the viewer may see it. */
  virtualUrl: string | null;
  /** Whether the event has a virtual link at all (shown or not to this viewer). */
  hasVirtualLink: boolean;
  /** The host's private link key; null for everyone else. */
  shareKey: string | null;
  viewerIsHost: boolean;
  /** The viewer's own sign-up (members), with each shift's status. */
  viewerSignup: { id: number; shifts: { shiftId: number; status: ShiftSignupStatus }[] } | null;
}

const sameKey = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export const hostPathOf = (hostId: number, hostName: string) => `/profile/${slugOf(hostName)}/${hostId}`;

/** The shifts of an event with their places, in time order. */
export async function shiftsOf(db: Db, eventId: number): Promise<ShiftView[]> {
  const rows = await db
    .selectFrom('event_shifts')
    .select(['id', 'starts_at', 'ends_at', 'capacity', 'confirmed_count'])
    .where('event_id', '=', eventId)
    .orderBy('starts_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    startsAt: new Date(r.starts_at),
    endsAt: new Date(r.ends_at),
    capacity: r.capacity,
    taken: r.confirmed_count,
    full: r.confirmed_count >= r.capacity,
  }));
}

/** The event `eventId` as `viewerId` (null: a visitor) with `key` (the private link's) may see it, or null. */
export async function eventForViewer(
  db: Db,
  eventId: number,
  viewerId: number | null,
  key: string | null = null,
): Promise<EventView | null> {
  const row = await db.selectFrom('events').selectAll().where('id', '=', eventId).executeTakeFirst();
  if (!row) return null;
  const isHost = viewerId === row.host_id;
  const signup =
    viewerId === null
      ? undefined
      : await db
          .selectFrom('event_signups')
          .select('id')
          .where('event_id', '=', eventId)
          .where('user_id', '=', viewerId)
          .executeTakeFirst();
  const signupShifts = signup
    ? await db
        .selectFrom('event_shift_signups')
        .select(['shift_id as shiftId', 'status'])
        .where('signup_id', '=', signup.id)
        .execute()
    : [];
  const signedUp = signupShifts.some((s) => s.status !== 'cancelled');
  if (row.status === 'proposed' || row.status === 'declined' || row.status === 'unpublished') {
    // Unpublished by staff (decision 0101): only the host and the proposer still see it, with the reason.
    const proposer = viewerId !== null && viewerId === row.proposed_by;
    if (!isHost && !proposer) return null;
  } else if (!isHost && !signedUp) {
    const keyed = key !== null && sameKey(key, row.share_key);
    if (row.visibility === 'private' && !keyed) return null;
    if (row.visibility === 'followers' && !keyed) {
      const follows =
        viewerId !== null &&
        (await db
          .selectFrom('follows')
          .select('follower_id')
          .where('follower_id', '=', viewerId)
          .where('followee_id', '=', row.host_id)
          .executeTakeFirst());
      if (!follows) return null;
    }
  }
  const hostName = await nameOf(db, row.host_id);
  return {
    id: row.id,
    hostId: row.host_id,
    hostName,
    hostPath: hostPathOf(row.host_id, hostName),
    status: row.status,
    type: row.type,
    title: row.title,
    description: row.description,
    timeZone: row.time_zone,
    address: row.address,
    zip: row.zip,
    state: row.state,
    visibility: row.visibility,
    accessibilityNotes: row.accessibility_notes,
    startsAt: new Date(row.starts_at),
    endsAt: new Date(row.ends_at),
    latitude: row.latitude,
    longitude: row.longitude,
    shifts: await shiftsOf(db, eventId),
    virtualUrl: isHost || signedUp ? row.virtual_url : null,
    hasVirtualLink: row.virtual_url !== null,
    shareKey: isHost ? row.share_key : null,
    viewerIsHost: isHost,
    viewerSignup: signup ? { id: signup.id, shifts: signupShifts } : null,
  };
}
