import type { Context } from 'hono';
import { dollars } from '../../../api/contract/money';
import type { SessionUser } from '../../../api/contract/session-user';
import type { AppEnv } from '../../../api/middleware/app-env';
import { membersGift, membersGifts } from '../../../api/modules/donations/donor-giving';
import { membersMonthlyGifts } from '../../../api/modules/donations/manage-monthly';
import { isReferenceShaped } from '../../../api/modules/donations/references';
import { DataTable } from '../../components/DataTable';
import { PageHero, Prose } from '../../components/PageHero';
import { notFoundPage } from '../../render/error-pages';
import { renderPage } from '../../render/render-page';
import { givingDate, statusWords } from './giving-words';

type Ctx = Context<AppEnv>;

/** GET /giving: the member's gifts, each with its receipt, and their monthly gifts to manage. */
export async function showGiving(c: Ctx, user: SessionUser) {
  const db = c.get('db');
  const [gifts, monthly] = await Promise.all([membersGifts(db, user.id), membersMonthlyGifts(db, user.id)]);
  return renderPage(c, {
    meta: { title: 'Your giving', description: 'Your gifts and monthly gifts.', noindex: true },
    body: (
      <>
        <PageHero eyebrow="Your account" title="Your giving" />
        <Prose>
          <section aria-labelledby="monthly-heading">
            <h2 id="monthly-heading">Monthly gifts</h2>
            <DataTable
              testId="giving-monthly"
              caption="Monthly gifts"
              headings={['Candidate', 'Amount', 'Status', 'Next charge', '']}
              rows={monthly}
              rowKey={(m) => m.reference}
              cells={(m) => [
                m.candidateName,
                `${dollars(m.amountCents)} a month`,
                statusWords(m.status),
                m.nextChargeAt && (m.status === 'active' || m.status === 'failed')
                  ? givingDate(m.nextChargeAt)
                  : '—',
                <a
                  key="manage"
                  href={`/giving/monthly/${m.reference}`}
                  aria-label={`Manage the monthly gift to ${m.candidateName}`}
                >
                  Manage
                </a>,
              ]}
              empty="No monthly gifts."
            />
          </section>
          <section aria-labelledby="gifts-heading">
            <h2 id="gifts-heading">Every gift</h2>
            <DataTable
              testId="giving-gifts"
              caption="Every gift"
              headings={['Date', 'Candidate', 'Amount', 'Receipt']}
              rows={gifts}
              rowKey={(g) => g.reference}
              cells={(g) => [
                <time key="date" className="nowrap" dateTime={g.paidAt.toISOString()}>
                  {givingDate(g.paidAt)}
                </time>,
                g.candidateName,
                `${dollars(g.amountCents)}${g.monthly ? ' (monthly)' : ''}${g.refundedAt ? `, refunded ${givingDate(g.refundedAt)}` : ''}`,
                <a key="receipt" href={`/giving/receipts/${g.reference}`}>
                  {g.reference}
                </a>,
              ]}
              empty="No gifts yet."
            />
          </section>
        </Prose>
      </>
    ),
  });
}

/** GET /giving/receipts/{ref}: one of the member's gifts as its receipt said it. */
export async function showReceipt(c: Ctx, user: SessionUser) {
  const reference = c.req.param('ref') ?? '';
  const gift = isReferenceShaped(reference) ? await membersGift(c.get('db'), user.id, reference) : null;
  if (!gift) return renderPage(c, notFoundPage());
  return renderPage(c, {
    meta: { title: `Receipt ${gift.reference}`, description: 'A gift receipt.', noindex: true },
    body: (
      <>
        <PageHero eyebrow="Your giving" title={`Receipt ${gift.reference}`} />
        <Prose>
          <dl className="receipt" data-testid="receipt">
            <dt>Candidate</dt>
            <dd>{gift.candidateName}</dd>
            <dt>Amount</dt>
            <dd>{`${dollars(gift.amountCents)}${gift.monthly ? ' (a monthly gift)' : ''}`}</dd>
            <dt>Date</dt>
            <dd>{givingDate(gift.paidAt)}</dd>
            <dt>Election</dt>
            <dd>{`The ${gift.election} election`}</dd>
            {gift.refundedAt && (
              <>
                <dt>Refunded</dt>
                <dd>{givingDate(gift.refundedAt)}</dd>
              </>
            )}
          </dl>
          <p>Contributions to federal candidates are not tax-deductible.</p>
          <p>
            <a href="/giving">Back to your giving</a>
          </p>
        </Prose>
      </>
    ),
  });
}
