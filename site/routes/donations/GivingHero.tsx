import { dollars } from '../../../api/contract/money';
import type { Recipient } from '../../../api/modules/donations/recipients';

interface GivingHeroProps {
  recipient: Recipient;
  pitch: string | null;
  campaign: { id: number; name: string; goalCents: number | null; raisedCents: number } | null;
}

/**
 * The top of /donate/{candidateSlug}, kept short so the form follows within the first screen: the
 * candidate's photo, name and office, the pitch they wrote on the dashboard, and the campaign's
 * goal thermometer when the link names a campaign with a goal.
 */
export function GivingHero({ recipient, pitch, campaign }: GivingHeroProps) {
  const office = recipient.office
    ? `Candidate for ${recipient.office}${recipient.state ? `, ${recipient.state}` : ''}`
    : null;
  const goal = campaign?.goalCents ?? null;
  const percent = goal ? Math.min(100, Math.round(((campaign?.raisedCents ?? 0) / goal) * 100)) : null;
  return (
    <section className="giving-hero">
      <div className="giving-hero__inner">
        <div className="giving-hero__who">
          {recipient.profileImage && (
            <img
              className="giving-hero__photo"
              src={recipient.profileImage}
              alt={recipient.name}
              width="88"
              height="88"
            />
          )}
          <div>
            <h1>{`Donate to ${recipient.name}`}</h1>
            {office && <p className="giving-hero__office">{office}</p>}
          </div>
        </div>
        {pitch && (
          <p className="giving-hero__pitch" data-testid="giving-pitch">
            {pitch}
          </p>
        )}
        {campaign && (
          <div className="giving-hero__campaign" data-testid="giving-campaign">
            <p className="giving-hero__campaign-name" id="campaign-heading">
              {campaign.name}
            </p>
            {goal && percent !== null && (
              <>
                <progress
                  className="giving-hero__thermometer"
                  value={campaign.raisedCents}
                  max={goal}
                  aria-label={`Raised ${dollars(campaign.raisedCents)} of ${dollars(goal)}`}
                />
                <p className="giving-hero__raised">
                  {dollars(campaign.raisedCents)} raised of {dollars(goal)} ({percent}%)
                </p>
              </>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
