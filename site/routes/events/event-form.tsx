import { EVENT_TIME_ZONES, EVENT_TYPES, EVENT_VISIBILITIES } from '../../../api/contract/events';
import { FieldError } from '../../components/FieldError';
import { FormError } from '../job-board/form-error';
import { TextField } from './TextField';

/** How many shift rows the form offers (blank rows are ignored): enough without a script to add more. */
export const SHIFT_ROWS = 4;

export interface EventFormState {
  status?: number;
  errors: Record<string, string[]>;
  formError?: string | undefined;
  values: Record<string, string>;
}

function describedBy(id: string, errors: string[] | undefined, hint = false) {
  const ids = [hint ? `${id}-hint` : '', errors?.length ? `${id}-error` : ''].filter(Boolean).join(' ');
  return ids || undefined;
}

/** Up to SHIFT_ROWS shift rows (day, start, end, places); the empty ones are ignored. */
function ShiftRows({ values, errors }: { values: Record<string, string>; errors?: string[] }) {
  return (
    <fieldset className="choice-group event-form__shifts" aria-describedby="event-shifts-hint">
      <legend>Shifts</legend>
      <p className="field-hint" id="event-shifts-hint">
        At least one; leave the rows you do not need empty. Times are in the event’s time zone.
      </p>
      <FieldError id="event-shifts-error" messages={errors} />
      {Array.from({ length: SHIFT_ROWS }, (_, i) => (
        <div className="event-form__shift" key={i}>
          <div className="field">
            <label htmlFor={`shift-${i}-day`}>Shift {i + 1} day</label>
            <input
              id={`shift-${i}-day`}
              name={`shift${i}Day`}
              type="date"
              defaultValue={values[`shift${i}Day`] ?? ''}
            />
          </div>
          <div className="field">
            <label htmlFor={`shift-${i}-start`}>Starts</label>
            <input
              id={`shift-${i}-start`}
              name={`shift${i}Start`}
              type="time"
              defaultValue={values[`shift${i}Start`] ?? ''}
            />
          </div>
          <div className="field">
            <label htmlFor={`shift-${i}-end`}>Ends</label>
            <input
              id={`shift-${i}-end`}
              name={`shift${i}End`}
              type="time"
              defaultValue={values[`shift${i}End`] ?? ''}
            />
          </div>
          <div className="field">
            <label htmlFor={`shift-${i}-capacity`}>Places</label>
            <input
              id={`shift-${i}-capacity`}
              name={`shift${i}Capacity`}
              type="number"
              inputMode="numeric"
              min={1}
              defaultValue={values[`shift${i}Capacity`] ?? ''}
            />
          </div>
        </div>
      ))}
    </fieldset>
  );
}

/**
 * The event form (a plain POST, no JavaScript): what, where, who sees it, and up to SHIFT_ROWS
 * shifts typed in the event's time zone. `hostName` is set when a member proposes for a host.
 */
export function EventForm({
  action,
  state,
  hostName,
}: {
  action: string;
  state: EventFormState;
  hostName: string | null;
}) {
  const v = state.values;
  const shiftErrors = state.errors.shifts;
  return (
    <form method="post" action={action} className="form event-form" noValidate>
      <FormError message={state.formError} />
      {hostName && (
        <p className="notice">
          You are proposing this event to {hostName}. It is published once they approve it.
        </p>
      )}
      <div className="field">
        <label htmlFor="event-type">Kind of event</label>
        <select id="event-type" name="type" required defaultValue={v.type ?? ''}>
          <option value="" disabled>
            Choose one
          </option>
          {EVENT_TYPES.map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </select>
        <FieldError id="event-type-error" messages={state.errors.type} />
      </div>
      <TextField
        id="event-title"
        name="title"
        label="Title"
        value={v.title ?? ''}
        errors={state.errors.title}
        required
        maxLength={120}
      />
      <div className="field">
        <label htmlFor="event-description">Description</label>
        <textarea
          id="event-description"
          name="description"
          rows={6}
          required
          maxLength={5000}
          defaultValue={v.description ?? ''}
          aria-invalid={Boolean(state.errors.description?.length) || undefined}
          aria-describedby={describedBy('event-description', state.errors.description)}
        />
        <FieldError id="event-description-error" messages={state.errors.description} />
      </div>
      <TextField
        id="event-address"
        name="address"
        label="Address"
        value={v.address ?? ''}
        errors={state.errors.address}
        required
        maxLength={300}
      />
      <TextField
        id="event-zip"
        name="zip"
        label="ZIP code"
        value={v.zip ?? ''}
        errors={state.errors.zip}
        required
        maxLength={5}
        inputMode="numeric"
        hint="Where people near it find the event."
      />
      <TextField
        id="event-virtual"
        name="virtualUrl"
        label="Link to join online (optional)"
        type="url"
        value={v.virtualUrl ?? ''}
        errors={state.errors.virtualUrl}
        maxLength={500}
        inputMode="url"
        hint="Shown only to people who sign up."
      />
      <fieldset className="choice-group">
        <legend>Who can see it</legend>
        {EVENT_VISIBILITIES.map((o) => (
          <label key={o.value} className="choice">
            <input
              type="radio"
              name="visibility"
              value={o.value}
              defaultChecked={(v.visibility ?? 'public') === o.value}
            />
            {o.label}
          </label>
        ))}
      </fieldset>
      <TextField
        id="event-accessibility"
        name="accessibilityNotes"
        label="Accessibility notes (optional)"
        value={v.accessibilityNotes ?? ''}
        errors={state.errors.accessibilityNotes}
        maxLength={1000}
        hint="Step-free access, seating, parking, interpretation…"
      />
      <div className="field">
        <label htmlFor="event-zone">Time zone</label>
        <select id="event-zone" name="timeZone" required defaultValue={v.timeZone ?? 'America/New_York'}>
          {EVENT_TIME_ZONES.map((z) => (
            <option key={z.value} value={z.value}>
              {z.label}
            </option>
          ))}
        </select>
      </div>
      <ShiftRows values={v} errors={shiftErrors} />
      <button type="submit" className="button button--primary">
        {hostName ? 'Send the proposal' : 'Publish the event'}
      </button>
    </form>
  );
}

/** The posted form as eventInput reads it: the filled shift rows only. */
export function eventFromFields(values: Record<string, string>) {
  const shifts = Array.from({ length: SHIFT_ROWS }, (_, i) => ({
    day: values[`shift${i}Day`] ?? '',
    start: values[`shift${i}Start`] ?? '',
    end: values[`shift${i}End`] ?? '',
    capacity: values[`shift${i}Capacity`] ?? '',
  }))
    .filter((s) => s.day || s.start || s.end || s.capacity)
    .map((s) => ({ ...s, capacity: s.capacity === '' ? Number.NaN : Number(s.capacity) }));
  return {
    type: values.type ?? '',
    title: values.title ?? '',
    description: values.description ?? '',
    timeZone: values.timeZone ?? '',
    address: values.address ?? '',
    zip: values.zip ?? '',
    virtualUrl: values.virtualUrl ?? '',
    visibility: values.visibility ?? '',
    accessibilityNotes: values.accessibilityNotes ?? '',
    shifts,
  };
}
