import type { Context } from 'hono';
import type { DayRange } from '../../../api/contract/day-ranges';
import type { SessionUser } from '../../../api/contract/session-user';
import type { AppEnv } from '../../../api/middleware/app-env';
import { PageHero } from '../../components/PageHero';
import type { FieldErrors } from '../../lib/form-errors';
import { renderPage } from '../../render/render-page';
import { formSection, TitledSection } from '../../server/form-section';
import { CampaignsSection, ElectionDatesSection } from './campaign-sections';
import { DeadlineCalendarSection } from './DeadlineCalendar';
import { dashboardData } from './dashboard-data';
import { GivingPageSection } from './GivingPageSection';
import { GiftsOverTimeSection, RecentGiftsSection, TopDonorsSection, TotalsSection } from './gift-sections';
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
            <p>
              <a href={`/supporters/${candidate.id}`}>Your supporters: search, tags, notes and saved lists</a>
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
