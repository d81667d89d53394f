import { SUPPORT_STATUS_LABELS, supportTopicLabel } from '../../../api/contract/support-tickets';
import { memberRequests } from '../../../api/modules/support-tickets/queries';
import { PageHero, Prose } from '../../components/PageHero';
import { ScrollingTable } from '../../components/ScrollingTable';
import { renderPage } from '../../render/render-page';
import type { PageContext } from '../../server/page';
import { day, keepPrivate } from './private-page';

/** /support/requests ("Your requests"): the signed-in member's own tickets, newest activity first. */
export async function showRequests(c: PageContext) {
  const user = c.get('user')!;
  const requests = await memberRequests(c.get('db'), user.id);
  keepPrivate(c);
  return renderPage(c, {
    meta: {
      title: 'Your requests',
      description: 'Your requests to Campaign HQ support and our answers.',
      noindex: true,
    },
    body: (
      <>
        <PageHero
          eyebrow="Help Center"
          title="Your requests"
          lead="Your questions to our support team and our answers."
        />
        <Prose>
          {requests.length === 0 ? (
            <p>
              You have not sent us any requests. Need help?{' '}
              <a href="/contact#contact-form">Contact support</a>.
            </p>
          ) : (
            <ScrollingTable caption="Your support requests" className="data-table" captionHidden>
              <thead>
                <tr>
                  <th scope="col">Request</th>
                  <th scope="col">Topic</th>
                  <th scope="col">Status</th>
                  <th scope="col">Last activity</th>
                </tr>
              </thead>
              <tbody>
                {requests.map((r) => (
                  <tr key={r.reference}>
                    <td>
                      <a href={`/support/requests/${r.reference}`}>{r.subject}</a>
                      <br />
                      <small>{r.reference}</small>
                    </td>
                    <td>{supportTopicLabel(r.topic)}</td>
                    <td>{SUPPORT_STATUS_LABELS[r.status]}</td>
                    <td>{day.format(new Date(r.last_message_at))} UTC</td>
                  </tr>
                ))}
              </tbody>
            </ScrollingTable>
          )}
          <p>
            <a href="/contact#contact-form">Send a new request</a>
          </p>
        </Prose>
      </>
    ),
  });
}
