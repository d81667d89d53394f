import { dollars } from '../../../api/contract/money';
import type { DeadlineCalendar as Calendar } from '../../../api/modules/fec-reports/deadline-calendar';
import { NOTICE_THRESHOLD_CENTS } from '../../../api/modules/fec-reports/forty-eight-hour-rule';
import { DataTable } from '../../components/DataTable';
import { TitledSection } from '../../server/form-section';

/** "Apr 15, 2026" for a calendar day (the day as written, whatever the zone). */
export function calendarDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

const ELECTION_NAME = { primary: 'Primary', general: 'General' } as const;

/**
 * The dashboard's deadline calendar (docs/decisions/0090-fec-reports.md): every report of the
 * cycle with what it covers and when it is due, the quarterlies a pre-election report replaces,
 * and the 48-hour-notice windows, from the candidate's election dates.
 */
export function DeadlineCalendarSection({ calendar }: { calendar: Calendar | null }) {
  return (
    <TitledSection headingId="deadlines-heading" title="Filing deadlines" testId="deadline-calendar">
      {!calendar ? (
        <p>Save your election dates below to see your reports’ due dates.</p>
      ) : (
        <>
          <p>
            Your FEC reports for {calendar.schedule.from.slice(0, 4)}–{calendar.schedule.through.slice(0, 4)}.
            Due dates are not moved off weekends: file electronically by the day.{' '}
            <a href="/campaign-dashboard/reports">Download a report</a>
          </p>
          <DataTable
            caption="Reports and due dates"
            headings={['Report', 'Covers', 'Due']}
            rows={calendar.schedule.reports}
            rowKey={(r) => r.key}
            cells={(r) => [
              r.name,
              `${calendarDay(r.from)} – ${calendarDay(r.through)}`,
              <time key="due" dateTime={r.due}>
                {calendarDay(r.due)}
              </time>,
            ]}
            empty="No reports."
          />
          {calendar.schedule.waived.length > 0 && (
            <ul>
              {calendar.schedule.waived.map((w) => (
                <li key={w.key}>
                  {`No ${w.name} report (due ${calendarDay(w.due)}): the ${calendar.schedule.reports.find((r) => r.key === w.coveredBy)?.name ?? 'pre-election report'} covers its days.`}
                </li>
              ))}
            </ul>
          )}
          <h3>48-hour notices</h3>
          <ul data-testid="notice-windows">
            {calendar.windows.map(({ election, window }) => (
              <li key={election}>
                {`${ELECTION_NAME[election]} (${calendarDay(window.electionDate)}): each gift of ${dollars(NOTICE_THRESHOLD_CENTS)} or more received ${calendarDay(window.firstDay)} through ${calendarDay(window.lastDay)} needs a notice within 48 hours.`}
              </li>
            ))}
          </ul>
        </>
      )}
    </TitledSection>
  );
}
