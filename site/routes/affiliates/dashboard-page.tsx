import type { AffiliateSummary } from '../../../api/contract/affiliates';
import { dollars } from '../../../api/contract/money';
import { affiliateSummary } from '../../../api/modules/affiliates/summary';
import { PageHero, Prose } from '../../components/PageHero';
import { ScrollingTable } from '../../components/ScrollingTable';
import { renderPage } from '../../render/render-page';
import type { PageContext } from '../../server/page';

const KIND_LABEL: Record<AffiliateSummary['recent'][number]['kind'], string> = {
  order: 'Merchandise order',
  subscription: 'First membership month',
};

function Figures({ s }: { s: AffiliateSummary }) {
  const figures: [string, string, string][] = [
    ['Clicks', s.clicks.toLocaleString('en-US'), 'affiliate-clicks'],
    ['Conversions', s.conversions.toLocaleString('en-US'), 'affiliate-conversions'],
    ['Earned', dollars(s.earnedCents - s.reversedCents), 'affiliate-earned'],
    ['Paid', dollars(s.paidCents), 'affiliate-paid'],
    ['Owed to you', dollars(s.balanceCents), 'affiliate-owed'],
  ];
  return (
    <dl className="dashboard-figures">
      {figures.map(([label, value, id]) => (
        <div key={id}>
          <dt>{label}</dt>
          <dd data-testid={id}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Recent({ s }: { s: AffiliateSummary }) {
  if (s.recent.length === 0) return <p>No conversions yet. Share your link to get started.</p>;
  return (
    <ScrollingTable caption="Your latest conversions" className="content-table">
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Purchase</th>
          <th scope="col">Commission</th>
        </tr>
      </thead>
      <tbody>
        {s.recent.map((r) => (
          <tr key={`${r.kind}-${r.earnedAt}-${r.amountCents}`}>
            <td>{r.earnedAt.slice(0, 10)}</td>
            <td>{KIND_LABEL[r.kind]}</td>
            <td>{r.reversed ? `${dollars(r.amountCents)} (reversed: refunded)` : dollars(r.amountCents)}</td>
          </tr>
        ))}
      </tbody>
    </ScrollingTable>
  );
}

/** /affiliates/dashboard (signed in): the affiliate's link and figures; members who have not joined go to /affiliates. */
export async function showAffiliateDashboard(c: PageContext) {
  const summary = await affiliateSummary(c.get('db'), c.get('user')!.id);
  if (!summary) return c.redirect('/affiliates#aff-join', 302);
  const link = `${new URL(c.get('config').appUrl).origin}/?ref=${summary.code}`;
  return renderPage(c, {
    meta: {
      title: 'Your affiliate dashboard',
      description: 'Your referral link, clicks, conversions, earnings and payouts.',
      canonicalPath: '/affiliates/dashboard',
      noindex: true,
    },
    body: (
      <>
        <PageHero
          eyebrow="Affiliate program"
          title="Your affiliate dashboard"
          lead="Share your link; purchases made within 30 days of a visit through it earn you 10%."
        />
        <Prose>
          <section aria-labelledby="aff-link">
            <h2 id="aff-link">Your link</h2>
            <p>
              Your referral code is <strong data-testid="affiliate-code">{summary.code}</strong>. Add{' '}
              <code>?ref={summary.code}</code> to any Campaign HQ address, or share this link:
            </p>
            <div className="field">
              <label htmlFor="affiliate-link">Referral link</label>
              <input id="affiliate-link" readOnly value={link} />
            </div>
          </section>
          <section aria-labelledby="aff-figures">
            <h2 id="aff-figures">Your figures</h2>
            <Figures s={summary} />
            <p>
              Earned is net of refunds: a refunded order gives its commission back. Payouts are recorded by
              our finance team.
            </p>
          </section>
          <section aria-labelledby="aff-recent">
            <h2 id="aff-recent">Conversions</h2>
            <Recent s={summary} />
          </section>
        </Prose>
      </>
    ),
  });
}
