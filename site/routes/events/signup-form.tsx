import type { EventView } from '../../../api/modules/events/views';
import { FieldError } from '../../components/FieldError';
import { FormError } from '../job-board/form-error';
import { placesText, shiftText } from './event-format';
import { TextField } from './TextField';

/** Where the visitor came from, carried by hidden fields to the sign-up (decision 0101). */
export interface SignupOrigin {
  invite: string | null;
  source: 'suggested' | null;
}

export interface SignupFormState {
  status?: number;
  errors: Record<string, string[]>;
  formError?: string | undefined;
  values: Record<string, string | string[]>;
}

const text = (values: SignupFormState['values'], key: string) => {
  const v = values[key];
  return typeof v === 'string' ? v : '';
};

/**
 * The sign-up form: a plain POST (no JavaScript), shifts as checkboxes, a member's name and email
 * filled in, SMS consent separate and never ticked in advance (issue 47).
 */
export function SignupForm({
  event,
  shareKey,
  origin,
  state,
  heading = 'Sign up',
  exclude = new Set<number>(),
}: {
  event: EventView;
  shareKey: string | null;
  origin?: SignupOrigin;
  state: SignupFormState;
  heading?: string;
  /** Shifts the member already holds (or waits for): not offered again. */
  exclude?: Set<number>;
}) {
  const now = Date.now();
  const open = event.shifts.filter((s) => s.startsAt.getTime() > now && !exclude.has(s.id));
  const chosen = new Set(
    ([] as string[]).concat(state.values.shiftIds ?? (open.length === 1 ? [String(open[0]?.id)] : [])),
  );
  const shiftErrors = state.errors.shiftIds;
  if (open.length === 0) return exclude.size > 0 ? null : <p>Every shift of this event has started.</p>;
  return (
    <section aria-labelledby="signup-heading" className="event-page__signup">
      <h2 id="signup-heading">{heading}</h2>
      <form method="post" action={`/events/${event.id}/signup`} className="form" noValidate>
        <FormError message={state.formError} />
        {shareKey && <input type="hidden" name="key" value={shareKey} />}
        {origin?.invite && <input type="hidden" name="invite" value={origin.invite} />}
        {origin?.source && <input type="hidden" name="source" value={origin.source} />}
        <fieldset
          className="event-shifts"
          aria-describedby={shiftErrors?.length ? 'signup-shifts-error' : undefined}
        >
          <legend>Shifts</legend>
          {open.map((shift) => (
            <div className="field field--checkbox" key={shift.id}>
              <input
                id={`signup-shift-${shift.id}`}
                name="shiftIds"
                type="checkbox"
                value={shift.id}
                defaultChecked={chosen.has(String(shift.id))}
              />
              <label htmlFor={`signup-shift-${shift.id}`}>
                {shiftText(shift, event.timeZone)}
                <span className="event-shifts__places">{placesText(shift)}</span>
              </label>
            </div>
          ))}
          <FieldError id="signup-shifts-error" messages={shiftErrors} />
        </fieldset>
        <TextField
          id="signup-name"
          name="name"
          label="Name"
          autoComplete="name"
          required
          value={text(state.values, 'name')}
          errors={state.errors.name}
          maxLength={120}
        />
        <TextField
          id="signup-email"
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          hint="Your confirmation, reminders and the link to cancel go here."
          value={text(state.values, 'email')}
          errors={state.errors.email}
          maxLength={254}
        />
        <TextField
          id="signup-zip"
          name="zip"
          label="ZIP code"
          autoComplete="postal-code"
          inputMode="numeric"
          pattern="[0-9]{5}"
          required
          value={text(state.values, 'zip')}
          errors={state.errors.zip}
          maxLength={5}
        />
        <TextField
          id="signup-phone"
          name="phone"
          label="Phone (optional)"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          value={text(state.values, 'phone')}
          errors={state.errors.phone}
          maxLength={20}
        />
        <div className="field field--checkbox">
          <input id="signup-sms" name="smsConsent" type="checkbox" value="1" />
          <label htmlFor="signup-sms">
            Text me about this event. Message and data rates may apply; reply STOP to stop.
          </label>
        </div>
        <button type="submit" className="button button--primary">
          Sign up
        </button>
      </form>
    </section>
  );
}
