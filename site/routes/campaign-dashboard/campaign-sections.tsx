import { dollars } from '../../../api/contract/money';
import { percentOfGoal } from '../../../api/modules/campaign-dashboard/campaigns';
import {
  type FormSection,
  SectionField,
  SectionForm,
  SectionInput,
  TitledSection,
} from '../../server/form-section';
import type { DashboardData } from './dashboard-data';

/** The dashboard's campaign sections: election dates and CampaignDonation campaigns. */

const ELECTION_FIELDS = [
  ['primaryOn', 'Primary election'],
  ['generalOn', 'General election'],
] as const;

export function ElectionDatesSection({
  form,
  elections,
}: {
  form: FormSection;
  elections: DashboardData['elections'];
}) {
  return (
    <TitledSection headingId="elections-heading" title="Election dates">
      <p>
        Gifts on or before your primary count toward the primary unless the donor designates the general;
        later gifts count toward the general; after the general, gifts are refused.
      </p>
      <SectionForm form={form} action="/campaign-dashboard/elections" noValidate>
        <div className="field-row">
          {ELECTION_FIELDS.map(([name, label]) => (
            <SectionInput
              key={name}
              form={form}
              name={name}
              label={label}
              type="date"
              fallback={elections?.[name]}
              required
            />
          ))}
        </div>
        <button type="submit" className="button button--primary">
          Save election dates
        </button>
      </SectionForm>
    </TitledSection>
  );
}

/** The candidate's donation campaigns, each with its progress and link, and the form for a new one. */
export function CampaignsSection({
  form,
  campaigns,
  donatePath,
  appUrl,
}: {
  form: FormSection;
  campaigns: DashboardData['campaigns'];
  donatePath: string | null;
  appUrl: string;
}) {
  return (
    <TitledSection headingId="campaigns-heading" title="Donation campaigns">
      {campaigns.length === 0 ? (
        <p>No campaigns yet. A campaign gives a goal and its own donation link.</p>
      ) : (
        <ul className="campaign-list" data-testid="campaigns">
          {campaigns.map((campaign) => (
            <CampaignCard key={campaign.id} campaign={campaign} donatePath={donatePath} appUrl={appUrl} />
          ))}
        </ul>
      )}
      <h3 id="new-campaign-heading">New campaign</h3>
      <SectionForm
        form={form}
        action="/campaign-dashboard/campaigns"
        labelledBy="new-campaign-heading"
        noValidate
      >
        <SectionInput form={form} name="name" label="Name" required />
        <SectionField form={form} name="description" label="Description (optional)">
          {({ id, name, ...aria }) => (
            <textarea id={id} name={name} rows={3} defaultValue={form.typed('description')} {...aria} />
          )}
        </SectionField>
        <SectionInput form={form} name="goal" label="Goal in dollars" hint="For example 5000" required />
        <button type="submit" className="button button--primary">
          Create campaign
        </button>
      </SectionForm>
    </TitledSection>
  );
}

function CampaignCard({
  campaign,
  donatePath,
  appUrl,
}: {
  campaign: DashboardData['campaigns'][number];
  donatePath: string | null;
  appUrl: string;
}) {
  const link = donatePath ? `${donatePath}?campaign=${campaign.id}` : null;
  const percent = percentOfGoal(campaign.raisedCents, campaign.goalCents);
  return (
    <li className="campaign-card">
      <h3 id={`campaign-${campaign.id}`}>{campaign.name}</h3>
      {campaign.description && <p>{campaign.description}</p>}
      <p>
        {`${dollars(campaign.raisedCents)} raised${campaign.goalCents ? ` of ${dollars(campaign.goalCents)}` : ''} (${campaign.gifts} ${campaign.gifts === 1 ? 'gift' : 'gifts'})`}
      </p>
      {campaign.goalCents && (
        <div
          className="progress"
          role="progressbar"
          aria-labelledby={`campaign-${campaign.id}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${percent}% of the goal`}
        >
          <span className="progress__bar" style={{ width: `${percent}%` }} />
        </div>
      )}
      {link && (
        <p>
          Donation link: <a href={link}>{`${appUrl}${link}`}</a>
        </p>
      )}
      <form method="post" action={`/campaign-dashboard/campaigns/${campaign.id}/archive`}>
        <button type="submit" className="button" aria-describedby={`campaign-${campaign.id}`}>
          Archive
        </button>
      </form>
    </li>
  );
}
