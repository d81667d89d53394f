import { MenuItem, TextField } from '@mui/material';
import { useGetList } from 'react-admin';

/** Who a GOTV email goes to: a segment of members (the default), or people of events (decision 0101). */
export const GOTV_AUDIENCE_CHOICES = [
  { id: '', name: 'A segment of members' },
  { id: 'event-signups', name: 'People signed up for an event' },
  { id: 'event-attendees', name: 'People who attended an event in the last 30 days' },
];

export function AudienceKindSelect({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      select
      label="Send to"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      // The segment is the '' choice: shown by its name, not as an empty field.
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      {GOTV_AUDIENCE_CHOICES.map((c) => (
        <MenuItem key={c.id} value={c.id}>
          {c.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The event of "signed up for event X": the newest 500 events. */
export function EventSelect({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const events =
    useGetList<{ id: number; name: string }>('gotv-events', {
      pagination: { page: 1, perPage: 500 },
      sort: { field: 'starts_at', order: 'DESC' },
    }).data ?? [];
  return (
    <TextField select label="Event" value={value} onChange={(e) => onChange(e.target.value)}>
      <MenuItem value="">Choose an event</MenuItem>
      {events.map((e) => (
        <MenuItem key={e.id} value={String(e.id)}>
          {e.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
