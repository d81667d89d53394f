import type { Context } from 'hono';
import type { AppEnv } from '../../../api/middleware/app-env';
import type { DeadlineCalendar } from '../../../api/modules/fec-reports/deadline-calendar';
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
import { calendarDay } from './DeadlineCalendar';

export interface ReportsState {
  errors?: FieldErrors;
  formError?: string;
  values?: Record<string, string>;
}

/** Where a report's pages live: the candidate's dashboard, or a treasurer's view of it. */
export interface ReportsPlace {
  /** '/campaign-dashboard' or '/treasury/12'. */
  base: string;
  /** Whose reports, as the page's title says it to a treasurer. */
  title: string;
  backLabel: string;
}

export const CANDIDATE_PLACE: ReportsPlace = {
  base: '/campaign-dashboard',
  title: 'FEC reports',
  backLabel: 'Back to the campaign dashboard',
};

/**
 * /campaign-dashboard/reports (docs/decisions/0090-fec-reports.md), on every membership tier:
 * filing is a legal duty. Each report of the cycle with its coverage and due date, and a download
 * of its `.fec` file and of its rows as CSV; a form for a custom range, an amendment, and the lines
 * the platform cannot know. Every download is a plain GET link, so it works without JavaScript.
 */
export function reportsPage(
  c: Context<AppEnv>,
  place: ReportsPlace,
  calendar: DeadlineCalendar | null,
  state: ReportsState = {},
  status = 200,
) {
  const files = { fec: `${place.base}/reports/report.fec`, csv: `${place.base}/reports/report.csv` };
  const form = formSection({ section: 'report', ...state }, 'report', 'report');
  return renderPage(c, {
    status,
    meta: { title: 'FEC reports', description: 'Your FEC reports and their .fec files.', noindex: true },
    body: (
      <>
        <PageHero
          eyebrow="Your campaign"
          title={place.title}
          lead={<a href={place.base}>{place.backLabel}</a>}
        />
        <div className="prose campaign-dashboard">
          {!calendar ? (
            <p className="notice">
              <a href="/campaign-dashboard">Save your election dates</a> to see your reports.
            </p>
          ) : !calendar.committee ? (
            <p className="notice" data-testid="reports-need-committee">
              <a href="/campaign-dashboard/committee">Enter your committee’s FEC details</a> before
              downloading a report.
            </p>
          ) : (
            <>
              <ReportList calendar={calendar} files={files} />
              <ReportOptions form={form} calendar={calendar} files={files} />
            </>
          )}
        </div>
      </>
    ),
  });
}

type Files = { fec: string; csv: string };

function ReportList({ calendar, files }: { calendar: DeadlineCalendar; files: Files }) {
  return (
    <TitledSection headingId="reports-heading" title="Your reports">
      <p>
        Each file is Form 3 in the FEC’s electronic filing format 8.5: the cover, one Schedule A line per
        contribution of each donor whose cycle total passes $200, and Schedule B lines for refunds. Upload it
        with the FEC’s filing software. Lines the platform cannot know (other disbursements, loans, debts,
        cash on hand) are $0 unless you enter them below.
      </p>
      <DataTable
        testId="reports"
        caption="Reports of the cycle"
        headings={['Report', 'Covers', 'Due', 'Download']}
        rows={calendar.schedule.reports}
        rowKey={(r) => r.key}
        cells={(r) => [
          r.name,
          `${calendarDay(r.from)} – ${calendarDay(r.through)}`,
          calendarDay(r.due),
          <span key="links" className="nowrap">
            <a href={`${files.fec}?report=${r.key}`} aria-label={`${r.name} .fec file`}>
              .fec
            </a>
            {' · '}
            <a href={`${files.csv}?report=${r.key}`} aria-label={`${r.name} rows as CSV`}>
              CSV
            </a>
          </span>,
        ]}
        empty="No reports."
      />
    </TitledSection>
  );
}

const MONEY_FIELDS = [
  ['cash', 'Cash on hand at the start of the period ($)'],
  ['operating', 'Operating expenditures in the period ($)'],
  ['operatingCycle', 'Operating expenditures in the cycle to date ($)'],
] as const;

function ReportOptions({
  form,
  calendar,
  files,
}: {
  form: FormSection;
  calendar: DeadlineCalendar;
  files: Files;
}) {
  return (
    <TitledSection headingId="report-options-heading" title="Custom range, amendments and entered lines">
      <SectionForm form={form} action={files.fec} method="get" noValidate>
        <SectionField form={form} name="report" label="Report">
          {({ id, name, ...aria }) => (
            <select id={id} name={name} defaultValue={form.typed('report')} {...aria}>
              {calendar.schedule.reports.map((r) => (
                <option key={r.key} value={r.key}>
                  {r.name}
                </option>
              ))}
              <option value="custom">Custom range</option>
            </select>
          )}
        </SectionField>
        <div className="field-row">
          <SectionInput form={form} name="from" label="First day (custom range)" type="date" />
          <SectionInput form={form} name="to" label="Last day (custom range)" type="date" />
        </div>
        <div className="field-row">
          <SectionInput
            form={form}
            name="amends"
            label="Amends filing (optional)"
            hint="The original report’s FEC ID, like FEC-1234567"
          />
          <SectionInput
            form={form}
            name="amendment"
            label="Amendment number"
            hint="1 for the first amendment"
          />
        </div>
        {MONEY_FIELDS.map(([name, label]) => (
          <SectionInput key={name} form={form} name={name} label={label} hint="Empty is $0" />
        ))}
        <p className="form-actions">
          <button type="submit" className="button button--primary">
            Download .fec
          </button>
          <button type="submit" className="button" formAction={files.csv}>
            Download CSV
          </button>
        </p>
      </SectionForm>
    </TitledSection>
  );
}
