import type { Context } from 'hono';
import type { DayRange } from '../../../api/contract/day-ranges';
import { dollars } from '../../../api/contract/money';
import type { SessionUser } from '../../../api/contract/session-user';
import type { AppEnv } from '../../../api/middleware/app-env';
import { givingBySource } from '../../../api/modules/campaign-dashboard/by-source';
import { listCampaigns, percentOfGoal } from '../../../api/modules/campaign-dashboard/campaigns';
import { electionDates } from '../../../api/modules/campaign-dashboard/elections';
import { recurringTruth } from '../../../api/modules/campaign-dashboard/recurring-truth';
import { refundSummary } from '../../../api/modules/campaign-dashboard/refunds';
import {
  dashboardTotals,
  giftsByDay,
  recentGifts,
  topDonors,
} from '../../../api/modules/campaign-dashboard/stats';
import { candidatePitch } from '../../../api/modules/donations/giving-pitch';
import { campaignTimeZone } from '../../../api/modules/fec-reports/committee';
import { deadlineCalendar } from '../../../api/modules/fec-reports/deadline-calendar';
import { openNotices } from '../../../api/modules/fec-reports/forty-eight-hour-notices';
import { entitlementsOf } from '../../../api/modules/membership/entitlements';
import { DataTable } from '../../components/DataTable';
import { PageHero } from '../../components/PageHero';
import type { FieldErrors } from '../../lib/form-errors';
import { renderPage } from '../../render/render-page';
import {
  type FormSection,
  formSection,
  SectionField,
  SectionForm,
  SectionInput,
  TitledSection,
} from '../../server/form-section';
import { DeadlineCalendarSection } from './DeadlineCalendar';
import { dashboardDate } from './dashboard-date';
import { GiftsChart } from './GiftsChart';
import { GivingPageSection } from './GivingPageSection';
import { NoticeAlarm } from './NoticeAlarm';
import { RecurringTruthSection } from './RecurringTruthSection';
import { RefundsSection } from './RefundsSection';
import { SourcesSection } from './SourcesSection';

/** The form that failed, so the page shows its errors and what was typed. */
export interface DashboardState {
  notice?: string;
  section?: 'elections' | 'campaign' | 'range' | 'pitch';
  errors?: FieldErrors;
  formError?: string;
  values?: Record<string, string>;
}

export const DASHBOARD_NOTICES: Record<string, string> = {
  elections: 'Your election dates are saved.',
  campaign: 'Your campaign is created. Share its donation link.',
  archived: 'The campaign is archived.',
  pitch: 'Your pitch is saved.',
  notice: 'The 48-hour notice is marked filed.',
};

/**
 * /campaign-dashboard (docs/product/rulings.md, "Donations" and "Campaigns"; docs/decisions/0023-campaign-dashboard-and-refunds.md):
 * the candidate's totals, gifts by day, top donors, recent gifts, compliance export, election dates
 * and CampaignDonation campaigns. Every form is a plain POST (or GET), so it works without JavaScript.
 */
export async function dashboardPage(
  c: Context<AppEnv>,
  candidate: SessionUser,
  range: DayRange,
  state: DashboardState = {},
  status = 200,
) {
  const data = await dashboardData(c, candidate, range);
  const donatePath = candidate.handle ? `/donate/${candidate.handle}` : null;
  const appUrl = c.get('config').appUrl;
  return renderPage(c, {
    status,
    meta: {
      title: 'Campaign dashboard',
      description: 'Your donations, donors and campaigns.',
      noindex: true,
    },
    body: (
      <>
        <PageHero
          eyebrow="Your campaign"
          title="Campaign dashboard"
          lead={
            donatePath ? (
              <>
                Your donation page: <a href={donatePath}>{`${appUrl}${donatePath}`}</a>
              </>
            ) : (
              'Set a profile handle to get your donation page address.'
            )
          }
        />
        <div className="prose campaign-dashboard">
          {state.notice && (
            <p className="notice notice--success" role="status">
              {state.notice}
            </p>
          )}
          <NoticeAlarm notices={data.notices} now={new Date()} />
          <TotalsSection totals={data.totals} refunds={data.refunds} />
          <GiftsOverTimeSection form={formSection(state, 'range', 'range')} range={range} days={data.days} />
          <TopDonorsSection donors={data.donors} />
          <RecentGiftsSection recent={data.recent} zone={data.zone} />
          <RefundsSection refunds={data.refunds} zone={data.zone} />
          <RecurringTruthSection
            truth={data.truth}
            disputes={Boolean(c.get('config').STRIPE_SECRET_KEY) || data.truth.disputed > 0}
          />
          <SourcesSection sources={data.sources} />
          <GivingPageSection
            form={formSection(state, 'pitch', 'dashboard-pitch')}
            pitch={data.pitch}
            hasPhoto={Boolean(candidate.profileImage)}
          />
          <TitledSection headingId="filing-heading" title="Filing with the FEC">
            <ul>
              <li>
                <a href="/campaign-dashboard/committee">Committee details</a>
              </li>
              <li>
                <a href="/campaign-dashboard/reports">Reports and .fec files</a>
              </li>
              <li>
                <a href="/campaign-dashboard/treasurers">Treasurers</a>
              </li>
            </ul>
          </TitledSection>
          <DeadlineCalendarSection calendar={data.calendar} />
          <TitledSection headingId="outreach-heading" title="Reach your people">
            <p>
              <a href="/campaign-dashboard/outreach">
                Social media and GOTV campaigns, and emails to your followers and donors
              </a>
            </p>
          </TitledSection>
          <ElectionDatesSection
            form={formSection(state, 'elections', 'dashboard-elections')}
            elections={data.elections}
          />
          <CampaignsSection
            form={formSection(state, 'campaign', 'dashboard-campaign')}
            campaigns={data.campaigns}
            donatePath={donatePath}
            appUrl={appUrl}
          />
        </div>
      </>
    ),
  });
}

/** What the dashboard shows, read at once. */
async function dashboardData(c: Context<AppEnv>, candidate: SessionUser, range: DayRange) {
  const db = c.get('db');
  // The chart over time and the top donors are analytics, a paid entitlement ("Added 2026-11-23",
  // docs/decisions/0024-membership.md): on Free they are not even queried. Totals, gifts and the CSV stay.
  const [{ dashboardAnalytics }, zone] = await Promise.all([
    entitlementsOf(db, candidate.id),
    campaignTimeZone(db, candidate.id),
  ]);
  const [
    totals,
    refunds,
    days,
    donors,
    recent,
    elections,
    campaigns,
    sources,
    pitch,
    truth,
    calendar,
    notices,
  ] = await Promise.all([
    dashboardTotals(db, candidate.id),
    refundSummary(db, candidate.id),
    dashboardAnalytics ? giftsByDay(db, candidate.id, range, zone) : null,
    dashboardAnalytics ? topDonors(db, candidate.id) : null,
    recentGifts(db, candidate.id),
    electionDates(db, candidate.id),
    listCampaigns(db, candidate.id),
    givingBySource(db, candidate.id),
    candidatePitch(db, candidate.id),
    recurringTruth(db, candidate.id),
    deadlineCalendar(db, candidate.id),
    openNotices(db, candidate.id),
  ]);
  return {
    totals,
    refunds,
    days,
    donors,
    recent,
    elections,
    campaigns,
    sources,
    pitch,
    truth,
    calendar,
    notices,
    zone,
  };
}

type DashboardData = Awaited<ReturnType<typeof dashboardData>>;

function TotalsSection({ totals, refunds }: Pick<DashboardData, 'totals' | 'refunds'>) {
  return (
    <TitledSection headingId="totals-heading" title="Totals">
      <dl className="dashboard-figures">
        <div>
          <dt>Raised</dt>
          <dd data-testid="total-raised">{dollars(totals.raisedCents)}</dd>
        </div>
        <div>
          <dt>Refunded</dt>
          <dd data-testid="total-refunded">{dollars(refunds.totalCents)}</dd>
        </div>
        <div>
          <dt>Gifts</dt>
          <dd data-testid="total-gifts">{totals.gifts.toLocaleString('en-US')}</dd>
        </div>
        <div>
          <dt>Donors</dt>
          <dd data-testid="total-donors">{totals.donors.toLocaleString('en-US')}</dd>
        </div>
        <div>
          <dt>Monthly recurring</dt>
          <dd data-testid="total-recurring">{dollars(totals.recurringMonthlyCents)}</dd>
        </div>
      </dl>
    </TitledSection>
  );
}

/**
 * The day range (a GET) with the compliance CSV button, and the chart of those days when the
 * candidate's plan has analytics; without it the section is only the compliance export.
 */
function GiftsOverTimeSection({
  form,
  range,
  days,
}: {
  form: FormSection;
  range: DayRange;
  days: DashboardData['days'];
}) {
  return (
    <TitledSection headingId="chart-heading" title={days ? 'Gifts over time' : 'Compliance export'}>
      <SectionForm form={form} className="form form--inline" method="get" action="/campaign-dashboard">
        <div className="field-row">
          <SectionInput form={form} name="from" label="From" type="date" fallback={range.from} />
          <SectionInput form={form} name="to" label="To" type="date" fallback={range.to} />
        </div>
        <p className="form-actions">
          {days && (
            <button type="submit" className="button">
              Show these days
            </button>
          )}
          <button
            type="submit"
            className="button"
            formAction="/campaign-dashboard/compliance.csv"
            data-testid="compliance-csv"
          >
            Download compliance CSV
          </button>
        </p>
      </SectionForm>
      {days && (
        <div data-testid="dashboard-analytics">
          <GiftsChart days={days} />
        </div>
      )}
    </TitledSection>
  );
}

/** The top donors on a plan with analytics; on Free, the way to upgrade instead. */
function TopDonorsSection({ donors }: Pick<DashboardData, 'donors'>) {
  if (!donors)
    return (
      <p className="notice" data-testid="dashboard-upgrade">
        <a href="/membership">Upgrade to Campaign for charts and donor insights</a>
      </p>
    );
  return (
    <TitledSection headingId="donors-heading" title="Top donors" testId="top-donors">
      <DataTable
        caption="Top donors"
        headings={['Donor', 'Gifts', 'Given']}
        rows={donors}
        rowKey={(d) => d.donorId}
        cells={(d) => [d.name, d.gifts, dollars(d.totalCents)]}
        empty="No gifts yet. Share your donation page to get the first one."
      />
    </TitledSection>
  );
}

function RecentGiftsSection({ recent, zone }: Pick<DashboardData, 'recent' | 'zone'>) {
  return (
    <TitledSection headingId="recent-heading" title="Recent gifts">
      <DataTable
        testId="recent-gifts"
        caption="Recent gifts"
        headings={['Date', 'Donor', 'Amount', 'Campaign']}
        rows={recent}
        rowKey={(g) => g.id}
        cells={(g) => [
          <time key="date" className="nowrap" dateTime={new Date(g.paidAt).toISOString()}>
            {dashboardDate(g.paidAt, zone)}
          </time>,
          `${g.name}${g.recurring ? ' (monthly)' : ''}`,
          g.refundedAt
            ? `${dollars(g.amountCents)}, refunded ${dashboardDate(g.refundedAt, zone)}`
            : dollars(g.amountCents),
          g.campaign ?? '—',
        ]}
        empty="No gifts yet."
      />
    </TitledSection>
  );
}

const ELECTION_FIELDS = [
  ['primaryOn', 'Primary election'],
  ['generalOn', 'General election'],
] as const;

function ElectionDatesSection({
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
function CampaignsSection({
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
