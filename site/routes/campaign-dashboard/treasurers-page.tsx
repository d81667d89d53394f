import type { Context } from 'hono';
import type { AppEnv } from '../../../api/middleware/app-env';
import type { liveTreasurers } from '../../../api/modules/fec-reports/treasurers';
import { DataTable } from '../../components/DataTable';
import type { FieldErrors } from '../../lib/form-errors';
import { renderPage } from '../../render/render-page';
import { formSection, SectionForm, SectionInput, TitledSection } from '../../server/form-section';
import { DashboardSubpage } from './DashboardSubpage';
import { dashboardDate } from './dashboard-date';

type Treasurers = Awaited<ReturnType<typeof liveTreasurers>>;

export interface TreasurersState {
  notice?: string;
  errors?: FieldErrors;
  formError?: string;
  values?: Record<string, string>;
}

/**
 * /campaign-dashboard/treasurers (docs/decisions/0090-fec-reports.md): the members the candidate
 * named treasurer, a form to name one by email, and a button to revoke each.
 */
export function treasurersPage(
  c: Context<AppEnv>,
  treasurers: Treasurers,
  zone: string,
  state: TreasurersState = {},
  status = 200,
) {
  const form = formSection({ section: 'treasurer', ...state }, 'treasurer', 'treasurer');
  return renderPage(c, {
    status,
    meta: { title: 'Treasurers', description: 'Who sees your campaign’s money and reports.', noindex: true },
    body: (
      <DashboardSubpage title="Treasurers" notice={state.notice}>
        <p>
          A treasurer sees your campaign’s money, compliance and FEC reports, and downloads its files. They
          see nothing else of yours.
        </p>
        <TitledSection headingId="treasurers-heading" title="Your treasurers">
          <DataTable
            testId="treasurers"
            caption="Your treasurers"
            headings={['Treasurer', 'Since', '']}
            rows={treasurers}
            rowKey={(t) => t.id}
            cells={(t) => [
              `${t.firstName ?? ''} ${t.lastName ?? ''}`.trim() || t.email,
              dashboardDate(t.namedAt, zone),
              <form key="revoke" method="post" action={`/campaign-dashboard/treasurers/${t.id}/revoke`}>
                <button type="submit" className="button">
                  Revoke
                </button>
              </form>,
            ]}
            empty="No treasurers yet."
          />
        </TitledSection>
        <TitledSection headingId="name-treasurer-heading" title="Name a treasurer">
          <SectionForm form={form} action="/campaign-dashboard/treasurers" noValidate>
            <SectionInput
              form={form}
              name="email"
              label="Member’s email"
              type="email"
              hint="They must have an account; we email them."
              required
            />
            <button type="submit" className="button button--primary">
              Name treasurer
            </button>
          </SectionForm>
        </TitledSection>
      </DashboardSubpage>
    ),
  });
}
