import type { hostedEvents } from '../../../api/modules/events/hosting';
import { ComposeEmailFields, type ComposePreview } from '../../server/compose-email-fields';
import { type FormSection, SectionField, SectionForm, TitledSection } from '../../server/form-section';

type HostedEvents = Awaited<ReturnType<typeof hostedEvents>>;

/**
 * The outreach page's email to the people of the candidate's own events (issue 51, decision 0101):
 * signed up for one event, or attended one in the last 30 days; preview and count, then send.
 */
export function EventPeopleSection({
  form,
  events,
  preview,
}: {
  form: FormSection;
  events: HostedEvents;
  preview?: ComposePreview | undefined;
}) {
  const listed = events.filter((e) => e.status !== 'proposed' && e.status !== 'declined');
  return (
    <TitledSection headingId="event-people-heading" title="Email your event volunteers">
      {listed.length === 0 ? (
        <p>
          No events yet. <a href="/events/new">Create an event</a>
        </p>
      ) : (
        <SectionForm form={form} action="/campaign-dashboard/outreach/event-emails" noValidate>
          <SectionField form={form} name="audience" label="Send to">
            {(control) => (
              <select {...control} defaultValue={form.typed('audience', 'event-signups')}>
                <option value="event-signups">People signed up for the event below</option>
                <option value="event-attendees">People who attended your events in the last 30 days</option>
              </select>
            )}
          </SectionField>
          <SectionField form={form} name="eventId" label="Event">
            {(control) => (
              <select {...control} defaultValue={form.typed('eventId')}>
                {listed.map((e) => (
                  <option key={e.id} value={String(e.id)}>
                    {e.title}
                  </option>
                ))}
              </select>
            )}
          </SectionField>
          <ComposeEmailFields form={form} preview={preview} testId="event-people-preview" />
        </SectionForm>
      )}
    </TitledSection>
  );
}
