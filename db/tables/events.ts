import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Timestamp } from './columns';

/** Events, shifts and sign-ups (migrations/0040_events.ts, docs/decisions/0092-events-and-shifts.md). */

/** The same lists as api/contract/events.ts (db/ imports nothing from the app). */
export type EventStatus = 'proposed' | 'published' | 'declined' | 'cancelled' | 'unpublished';
export type EventType =
  | 'canvass'
  | 'phone_bank'
  | 'text_bank'
  | 'meeting'
  | 'town_hall'
  | 'fundraiser'
  | 'voter_registration'
  | 'training'
  | 'other';
export type EventVisibility = 'public' | 'followers' | 'private';
export type ShiftSignupStatus = 'confirmed' | 'waitlisted' | 'cancelled';
/** Issue 51 (migrations/0052_event_organizer_tools.ts). */
export type Attendance = 'attended' | 'no_show';
export type SignupSource = 'direct' | 'invite' | 'suggested';

export interface EventsTable {
  id: Generated<number>;
  host_id: number;
  proposed_by: number | null;
  status: EventStatus;
  type: EventType;
  title: string;
  description: string;
  time_zone: string;
  address: string;
  zip: string;
  state: string;
  latitude: number;
  longitude: number;
  virtual_url: string | null;
  visibility: EventVisibility;
  share_key: string;
  accessibility_notes: string | null;
  starts_at: Timestamp;
  ends_at: Timestamp;
  created_at: CreatedAt;
  published_at: Timestamp | null;
  unpublished_reason: string | null;
  unpublished_at: Timestamp | null;
  unpublished_by: number | null;
}

export interface EventShiftsTable {
  id: Generated<number>;
  event_id: number;
  starts_at: Timestamp;
  ends_at: Timestamp;
  capacity: number;
  confirmed_count: Generated<number>;
}

export interface EventSignupsTable {
  id: Generated<number>;
  event_id: number;
  user_id: number | null;
  name: string;
  email: string;
  zip: string;
  phone: string | null;
  sms_consent: Generated<boolean>;
  created_at: CreatedAt;
  confirmation_sent_at: Timestamp | null;
  thanked_at: Timestamp | null;
  source: Generated<SignupSource>;
  referred_by: number | null;
  invite_code: string | null;
}

export interface EventShiftSignupsTable {
  id: Generated<number>;
  signup_id: number;
  shift_id: number;
  status: ColumnType<ShiftSignupStatus, ShiftSignupStatus, ShiftSignupStatus>;
  created_at: CreatedAt;
  cancelled_at: Timestamp | null;
  promoted_at: Timestamp | null;
  promotion_sent_at: Timestamp | null;
  day_reminder_sent_at: Timestamp | null;
  hour_reminder_sent_at: Timestamp | null;
  attendance: Attendance | null;
  attendance_marked_at: Timestamp | null;
  attendance_marked_by: number | null;
}
