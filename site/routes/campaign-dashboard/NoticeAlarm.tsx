import { dollars } from '../../../api/contract/money';
import type { OpenNotice } from '../../../api/modules/fec-reports/forty-eight-hour-notices';
import { timeLeft } from '../../../api/modules/fec-reports/forty-eight-hour-rule';

/**
 * The dashboard's 48-hour-notice alarm (docs/decisions/0090-fec-reports.md): each open notice with
 * the time left ("due in 31 hours"), its Form 6 file, and the button that says it was filed.
 */
export function NoticeAlarm({ notices, now }: { notices: OpenNotice[]; now: Date }) {
  if (notices.length === 0) return null;
  return (
    <section aria-labelledby="notices-heading" className="notice notice--error" data-testid="notice-alarm">
      <h2 id="notices-heading">48-hour notices to file</h2>
      <ul>
        {notices.map((n) => (
          <li key={n.id}>
            <p>
              <strong>{timeLeft(n.dueAt, now)}</strong>
              {`: ${n.gifts} ${n.gifts === 1 ? 'contribution' : 'contributions'} of $1,000 or more (${dollars(n.totalCents)}) before the ${n.election}. `}
              <a href={`/campaign-dashboard/notices/${n.id}/form6.fec`}>Download Form 6 (.fec)</a>
            </p>
            <form method="post" action={`/campaign-dashboard/notices/${n.id}/filed`}>
              <button type="submit" className="button">
                I filed this notice
              </button>
            </form>
          </li>
        ))}
      </ul>
    </section>
  );
}
