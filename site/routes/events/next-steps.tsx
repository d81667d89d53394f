import { eventTypeLabel } from '../../../api/contract/events';
import type { nextSteps } from '../../../api/modules/events/referrals';
import { zonedText } from '../../../api/modules/events/zoned-time';

type NextSteps = NonNullable<Awaited<ReturnType<typeof nextSteps>>>;

/**
 * After a sign-up (issue 51): the person's own invite link to pass on, and three events nearby,
 * each linked with `from=suggested` so the organizer sees the sign-ups suggestions bring.
 */
export function NextSteps({ steps, appUrl }: { steps: NextSteps; appUrl: string }) {
  return (
    <>
      {steps.invitePath && (
        <section aria-labelledby="invite-heading" className="event-page__invite">
          <h2 id="invite-heading">Invite a friend</h2>
          <p id="invite-hint">
            Share your own link: the organizer sees who you brought. It carries no personal details.
          </p>
          <label htmlFor="invite-link">Your invite link</label>
          <input
            id="invite-link"
            type="text"
            readOnly
            value={`${appUrl}${steps.invitePath}`}
            aria-describedby="invite-hint"
          />
        </section>
      )}
      {steps.suggestions.length > 0 && (
        <section aria-labelledby="suggested-heading">
          <h2 id="suggested-heading">More events near you</h2>
          <ul className="event-cards">
            {steps.suggestions.map((e) => (
              <li key={e.id} className="event-card">
                <h3>
                  <a href={`/events/${e.id}?from=suggested`}>{e.title}</a>
                </h3>
                <p className="event-card__meta">
                  {eventTypeLabel(e.type)} · {e.hostName}
                </p>
                <p>{zonedText(e.startsAt, e.timeZone)}</p>
                <p>{e.address}</p>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
