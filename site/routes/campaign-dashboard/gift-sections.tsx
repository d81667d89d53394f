import type { DayRange } from '../../../api/contract/day-ranges';
import { dollars } from '../../../api/contract/money';
import { DataTable } from '../../components/DataTable';
import { type FormSection, SectionForm, SectionInput, TitledSection } from '../../server/form-section';
import type { DashboardData } from './dashboard-data';
import { dashboardDate } from './dashboard-date';
import { GiftsChart } from './GiftsChart';

/** The dashboard's money sections: totals, gifts over time, top donors, recent gifts. */

export function TotalsSection({ totals, refunds }: Pick<DashboardData, 'totals' | 'refunds'>) {
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
export function GiftsOverTimeSection({
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
export function TopDonorsSection({ donors }: Pick<DashboardData, 'donors'>) {
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

export function RecentGiftsSection({ recent, zone }: Pick<DashboardData, 'recent' | 'zone'>) {
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
