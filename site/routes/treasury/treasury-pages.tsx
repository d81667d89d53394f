import type { Context } from 'hono';
import { DEFAULT_RANGE_DAYS, lastDays } from '../../../api/contract/day-ranges';
import { dollars } from '../../../api/contract/money';
import type { AppEnv } from '../../../api/middleware/app-env';
import { refundSummary } from '../../../api/modules/campaign-dashboard/refunds';
import { dashboardTotals } from '../../../api/modules/campaign-dashboard/stats';
import { openNotices } from '../../../api/modules/fec-reports/forty-eight-hour-notices';
import { timeLeft } from '../../../api/modules/fec-reports/forty-eight-hour-rule';
import { campaignsTreasuredBy } from '../../../api/modules/fec-reports/treasurers';
import { PageHero } from '../../components/PageHero';
import { signInUrl } from '../../lib/sign-in-url';
import { renderPage } from '../../render/render-page';
import { TitledSection } from '../../server/form-section';
import type { ReportsPlace } from '../campaign-dashboard/reports-page';

/** GET /treasury: the campaigns the signed-in member is treasurer of (none: a sentence saying so). */
export async function showTreasury(c: Context<AppEnv>) {
  const user = c.get('user');
  if (!user) return c.redirect(signInUrl('/treasury'), 302);
  const campaigns = await campaignsTreasuredBy(c.get('db'), user.id);
  return renderPage(c, {
    meta: { title: 'Treasury', description: 'The campaigns you are treasurer of.', noindex: true },
    body: (
      <>
        <PageHero eyebrow="Treasurer" title="Treasury" />
        <div className="prose">
          {campaigns.length === 0 ? (
            <p>No candidate has named you treasurer.</p>
          ) : (
            <ul data-testid="treasured-campaigns">
              {campaigns.map((k) => (
                <li key={k.candidateId}>
                  <a href={`/treasury/${k.candidateId}`}>
                    {`${k.firstName ?? ''} ${k.lastName ?? ''}`.trim()}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      </>
    ),
  });
}

/**
 * GET /treasury/:candidateId: the campaign's money as the treasurer sees it (totals, refunds, the
 * 48-hour notices with their Form 6 files) and the way to its reports. Nothing else of the
 * candidate's: no donors list, no campaigns, no settings.
 */
export async function showCampaignMoney(c: Context<AppEnv>, candidateId: number, place: ReportsPlace) {
  const db = c.get('db');
  const [totals, refunds, notices] = await Promise.all([
    dashboardTotals(db, candidateId),
    refundSummary(db, candidateId),
    openNotices(db, candidateId),
  ]);
  const now = new Date();
  const recent = lastDays(DEFAULT_RANGE_DAYS, now);
  return renderPage(c, {
    meta: { title: 'Campaign money', description: 'The campaign’s money and reports.', noindex: true },
    body: (
      <>
        <PageHero
          eyebrow="Treasurer"
          title="Campaign money"
          lead={<a href="/treasury">All your campaigns</a>}
        />
        <div className="prose campaign-dashboard">
          <TitledSection headingId="money-heading" title="Totals">
            <dl className="dashboard-figures">
              <div>
                <dt>Raised</dt>
                <dd>{dollars(totals.raisedCents)}</dd>
              </div>
              <div>
                <dt>Refunded</dt>
                <dd>{dollars(refunds.totalCents)}</dd>
              </div>
              <div>
                <dt>Gifts</dt>
                <dd>{totals.gifts.toLocaleString('en-US')}</dd>
              </div>
            </dl>
          </TitledSection>
          <TitledSection headingId="treasury-notices-heading" title="48-hour notices">
            {notices.length === 0 ? (
              <p>No 48-hour notice to file.</p>
            ) : (
              <ul>
                {notices.map((n) => (
                  <li key={n.id}>
                    {`${timeLeft(n.dueAt, now)}: ${n.gifts} of $1,000 or more (${dollars(n.totalCents)}). `}
                    <a href={`${place.base}/notices/${n.id}/form6.fec`}>Download Form 6 (.fec)</a>
                  </li>
                ))}
              </ul>
            )}
          </TitledSection>
          <p>
            <a href={`${place.base}/reports`}>FEC reports and .fec files</a>
          </p>
          <p>
            <a
              href={`${place.base}/compliance.csv?${new URLSearchParams({ from: recent.from, to: recent.to })}`}
            >
              Contributions of the last {DEFAULT_RANGE_DAYS} days, with the itemized donors (CSV)
            </a>
          </p>
        </div>
      </>
    ),
  });
}
