import type { Context } from 'hono';
import type { DayRange } from '../../../api/contract/day-ranges';
import { dollars } from '../../../api/contract/money';
import type { SessionUser } from '../../../api/contract/session-user';
import type { AppEnv } from '../../../api/middleware/app-env';
import { listCampaigns, percentOfGoal } from '../../../api/modules/campaign-dashboard/campaigns';
import { electionDates } from '../../../api/modules/campaign-dashboard/elections';
import { refundSummary } from '../../../api/modules/campaign-dashboard/refunds';
import {
  dashboardTotals,
  giftsByDay,
  recentGifts,
  topDonors,
} from '../../../api/modules/campaign-dashboard/stats';
import { entitlementsOf } from '../../../api/modules/membership/entitlements';
import { DataTable } from '../../components/DataTable';
import { FieldError } from '../../components/FieldError';
import { PageHero } from '../../components/PageHero';
import { type FieldErrors, fieldAria } from '../../lib/form-errors';
import { renderPage } from '../../render/render-page';
import { dashboardDate } from './dashboard-date';
import { GiftsChart } from './GiftsChart';
import { RefundsSection } from './RefundsSection';

/** The form that failed, so the page shows its errors and what was typed. */
export interface DashboardState {
  notice?: string;
  section?: 'elections' | 'campaign' | 'range';
  errors?: FieldErrors;
  formError?: string;
  values?: Record<string, string>;
}

export const DASHBOARD_NOTICES: Record<string, string> = {
  elections: 'Your election dates are saved.',
  campaign: 'Your campaign is created. Share its donation link.',
  archived: 'The campaign is archived.',
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
  const db = c.get('db');
  // The chart over time and the top donors are analytics, a paid entitlement ("Added 2026-11-23",
  // docs/decisions/0024-membership.md): on Free they are not even queried. Totals, gifts and the CSV stay.
  const { dashboardAnalytics } = await entitlementsOf(db, candidate.id);
  const [totals, refunds, days, donors, recent, elections, campaigns] = await Promise.all([
    dashboardTotals(db, candidate.id),
    refundSummary(db, candidate.id),
    dashboardAnalytics ? giftsByDay(db, candidate.id, range) : null,
    dashboardAnalytics ? topDonors(db, candidate.id) : null,
    recentGifts(db, candidate.id),
    electionDates(db, candidate.id),
    listCampaigns(db, candidate.id),
  ]);
  const donatePath = candidate.handle ? `/donate/${candidate.handle}` : null;
  const appUrl = c.get('config').appUrl;
  const errorsFor = (section: DashboardState['section']) =>
    state.section === section ? (state.errors ?? {}) : {};
  const typed = (section: DashboardState['section'], name: string, fallback = '') =>
    state.section === section ? (state.values?.[name] ?? fallback) : fallback;

  const field = (
    section: 'elections' | 'campaign',
    name: string,
    label: string,
    props: { type?: string; fallback?: string; hint?: string; required?: boolean } = {},
  ) => {
    const errors = errorsFor(section);
    const id = `dashboard-${section}`;
    return (
      <div className="field">
        <label htmlFor={`${id}-${name}`}>{label}</label>
        {props.hint && (
          <p className="field-hint" id={`${id}-${name}-hint`}>
            {props.hint}
          </p>
        )}
        <input
          id={`${id}-${name}`}
          name={name}
          type={props.type ?? 'text'}
          required={props.required}
          defaultValue={typed(section, name, props.fallback ?? '')}
          {...fieldAria(errors, name, id, Boolean(props.hint))}
        />
        <FieldError id={`${id}-${name}-error`} messages={errors[name]} />
      </div>
    );
  };
  const formError = (section: DashboardState['section']) =>
    state.section === section && state.formError ? (
      <p className="notice notice--error" role="alert">
        {state.formError}
      </p>
    ) : null;

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

          <section aria-labelledby="totals-heading">
            <h2 id="totals-heading">Totals</h2>
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
          </section>

          <section aria-labelledby="chart-heading">
            <h2 id="chart-heading">{days ? 'Gifts over time' : 'Compliance export'}</h2>
            <form className="form form--inline" method="get" action="/campaign-dashboard">
              {formError('range')}
              <div className="field-row">
                <div className="field">
                  <label htmlFor="range-from">From</label>
                  <input
                    id="range-from"
                    name="from"
                    type="date"
                    defaultValue={range.from}
                    {...fieldAria(errorsFor('range'), 'from', 'range')}
                  />
                  <FieldError id="range-from-error" messages={errorsFor('range').from} />
                </div>
                <div className="field">
                  <label htmlFor="range-to">To</label>
                  <input
                    id="range-to"
                    name="to"
                    type="date"
                    defaultValue={range.to}
                    {...fieldAria(errorsFor('range'), 'to', 'range')}
                  />
                  <FieldError id="range-to-error" messages={errorsFor('range').to} />
                </div>
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
            </form>
            {days && (
              <div data-testid="dashboard-analytics">
                <GiftsChart days={days} />
              </div>
            )}
          </section>

          {donors ? (
            <section aria-labelledby="donors-heading" data-testid="top-donors">
              <h2 id="donors-heading">Top donors</h2>
              <DataTable
                caption="Top donors"
                headings={['Donor', 'Gifts', 'Given']}
                rows={donors}
                rowKey={(d) => d.donorId}
                cells={(d) => [d.name, d.gifts, dollars(d.totalCents)]}
                empty="No gifts yet. Share your donation page to get the first one."
              />
            </section>
          ) : (
            <p className="notice" data-testid="dashboard-upgrade">
              <a href="/membership">Upgrade to Campaign for charts and donor insights</a>
            </p>
          )}

          <section aria-labelledby="recent-heading">
            <h2 id="recent-heading">Recent gifts</h2>
            <DataTable
              testId="recent-gifts"
              caption="Recent gifts"
              headings={['Date', 'Donor', 'Amount', 'Campaign']}
              rows={recent}
              rowKey={(g) => g.id}
              cells={(g) => [
                <time key="date" className="nowrap" dateTime={new Date(g.paidAt).toISOString()}>
                  {dashboardDate(g.paidAt)}
                </time>,
                `${g.name}${g.recurring ? ' (monthly)' : ''}`,
                g.refundedAt
                  ? `${dollars(g.amountCents)}, refunded ${dashboardDate(g.refundedAt)}`
                  : dollars(g.amountCents),
                g.campaign ?? '—',
              ]}
              empty="No gifts yet."
            />
          </section>

          <RefundsSection refunds={refunds} />

          <section aria-labelledby="outreach-heading">
            <h2 id="outreach-heading">Reach your people</h2>
            <p>
              <a href="/campaign-dashboard/outreach">
                Social media and GOTV campaigns, and emails to your followers and donors
              </a>
            </p>
          </section>

          <section aria-labelledby="elections-heading">
            <h2 id="elections-heading">Election dates</h2>
            <p>
              Gifts on or before your primary count toward the primary unless the donor designates the
              general; later gifts count toward the general; after the general, gifts are refused.
            </p>
            <form className="form" method="post" action="/campaign-dashboard/elections" noValidate>
              {formError('elections')}
              <div className="field-row">
                {field('elections', 'primaryOn', 'Primary election', {
                  type: 'date',
                  fallback: elections?.primaryOn,
                  required: true,
                })}
                {field('elections', 'generalOn', 'General election', {
                  type: 'date',
                  fallback: elections?.generalOn,
                  required: true,
                })}
              </div>
              <button type="submit" className="button button--primary">
                Save election dates
              </button>
            </form>
          </section>

          <section aria-labelledby="campaigns-heading">
            <h2 id="campaigns-heading">Donation campaigns</h2>
            {campaigns.length === 0 ? (
              <p>No campaigns yet. A campaign gives a goal and its own donation link.</p>
            ) : (
              <ul className="campaign-list" data-testid="campaigns">
                {campaigns.map((campaign) => {
                  const link = donatePath ? `${donatePath}?campaign=${campaign.id}` : null;
                  const percent = percentOfGoal(campaign.raisedCents, campaign.goalCents);
                  return (
                    <li key={campaign.id} className="campaign-card">
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
                })}
              </ul>
            )}
            <h3 id="new-campaign-heading">New campaign</h3>
            <form
              className="form"
              method="post"
              action="/campaign-dashboard/campaigns"
              aria-labelledby="new-campaign-heading"
              noValidate
            >
              {formError('campaign')}
              {field('campaign', 'name', 'Name', { required: true })}
              <div className="field">
                <label htmlFor="dashboard-campaign-description">Description (optional)</label>
                <textarea
                  id="dashboard-campaign-description"
                  name="description"
                  rows={3}
                  defaultValue={typed('campaign', 'description')}
                  {...fieldAria(errorsFor('campaign'), 'description', 'dashboard-campaign')}
                />
                <FieldError
                  id="dashboard-campaign-description-error"
                  messages={errorsFor('campaign').description}
                />
              </div>
              {field('campaign', 'goal', 'Goal in dollars', { hint: 'For example 5000', required: true })}
              <button type="submit" className="button button--primary">
                Create campaign
              </button>
            </form>
          </section>
        </div>
      </>
    ),
  });
}
