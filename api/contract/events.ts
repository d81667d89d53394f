/** Events' words shared by pages, the API and the browser (issue 47, docs/decisions/0092-events-and-shifts.md). */

export const EVENT_TYPES = [
  { value: 'canvass', label: 'Canvass' },
  { value: 'phone_bank', label: 'Phone bank' },
  { value: 'text_bank', label: 'Text bank' },
  { value: 'meeting', label: 'Meeting' },
  { value: 'town_hall', label: 'Town hall' },
  { value: 'fundraiser', label: 'Fundraiser' },
  { value: 'voter_registration', label: 'Voter registration' },
  { value: 'training', label: 'Training' },
  { value: 'other', label: 'Other' },
] as const;
export type EventType = (typeof EVENT_TYPES)[number]['value'];
export const EVENT_TYPE_VALUES = EVENT_TYPES.map((t) => t.value) as [EventType, ...EventType[]];
export const eventTypeLabel = (type: string) => EVENT_TYPES.find((t) => t.value === type)?.label ?? 'Event';

export const EVENT_VISIBILITIES = [
  { value: 'public', label: 'Public: anyone can find it' },
  { value: 'followers', label: 'Followers: only people who follow the host' },
  { value: 'private', label: 'Private link: only people given the link' },
] as const;
export type EventVisibility = (typeof EVENT_VISIBILITIES)[number]['value'];
export const EVENT_VISIBILITY_VALUES = EVENT_VISIBILITIES.map((v) => v.value) as [
  EventVisibility,
  ...EventVisibility[],
];

/** Time zones offered by the event form: the United States' (IANA names). */
export const EVENT_TIME_ZONES = [
  { value: 'America/New_York', label: 'Eastern' },
  { value: 'America/Chicago', label: 'Central' },
  { value: 'America/Denver', label: 'Mountain' },
  { value: 'America/Phoenix', label: 'Arizona' },
  { value: 'America/Los_Angeles', label: 'Pacific' },
  { value: 'America/Anchorage', label: 'Alaska' },
  { value: 'Pacific/Honolulu', label: 'Hawaii' },
] as const;
export const EVENT_TIME_ZONE_VALUES = EVENT_TIME_ZONES.map((z) => z.value) as [string, ...string[]];

/** The radius choices of /events, in miles. */
export const EVENT_RADII = [5, 10, 25, 50, 100] as const;
export const DEFAULT_EVENT_RADIUS = 25;

/** The most shifts one event has, and the most places one shift has. */
export const MAX_SHIFTS = 20;
export const MAX_SHIFT_CAPACITY = 10_000;
