import type { Context } from 'hono';
import {
  COMMITTEE_TIME_ZONES,
  FEC_OFFICE_LABEL,
  FEC_OFFICES,
  FEC_STATES,
} from '../../../api/contract/fec-committee';
import type { AppEnv } from '../../../api/middleware/app-env';
import type { Committee } from '../../../api/modules/fec-reports/committee';
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
import { DashboardSubpage } from './DashboardSubpage';

/** What a refused post left: its errors and what was typed. */
export interface CommitteeState {
  notice?: string;
  errors?: FieldErrors;
  values?: Record<string, string>;
}

/** The form's fields, filled from the saved committee (the form's names are the schema's). */
function savedValues(committee: Committee | null): Record<string, string> {
  if (!committee) return {};
  return {
    committeeId: committee.committeeId,
    committeeName: committee.committeeName,
    street1: committee.street1,
    street2: committee.street2 ?? '',
    city: committee.city,
    state: committee.state,
    zip: committee.zip,
    candidateFecId: committee.candidateFecId,
    office: committee.office,
    electionState: committee.electionState,
    district: committee.district ?? '',
    treasurerFirstName: committee.treasurerFirstName,
    treasurerLastName: committee.treasurerLastName,
    timeZone: committee.timeZone ?? '',
  };
}

/**
 * /campaign-dashboard/committee (docs/decisions/0090-fec-reports.md): the principal campaign
 * committee's FEC details, which every report's file carries. A plain POST form; a refused post
 * shows each field's error beside it and keeps what was typed.
 */
export function committeePage(
  c: Context<AppEnv>,
  committee: Committee | null,
  state: CommitteeState = {},
  status = 200,
) {
  const saved = savedValues(committee);
  const form = formSection(
    { section: 'committee', errors: state.errors, values: state.values ?? saved },
    'committee',
    'committee',
  );
  return renderPage(c, {
    status,
    meta: { title: 'Committee details', description: 'Your committee’s FEC details.', noindex: true },
    body: (
      <DashboardSubpage title="Committee details" notice={state.notice}>
        <p>
          Your principal campaign committee’s details as the FEC has them (your Form 1 and Form 2). Every
          report’s <code>.fec</code> file carries them. Names and addresses are sent in plain letters: accents
          are dropped.
        </p>
        <CommitteeForm form={form} />
      </DashboardSubpage>
    ),
  });
}

function CommitteeForm({ form }: { form: FormSection }) {
  return (
    <SectionForm form={form} action="/campaign-dashboard/committee" noValidate>
      <TitledSection headingId="committee-heading" title="Committee">
        <SectionInput
          form={form}
          name="committeeId"
          label="FEC committee ID"
          hint="C and 8 digits, like C00123456"
          required
        />
        <SectionInput form={form} name="committeeName" label="Committee name" required />
        <SectionInput form={form} name="street1" label="Street address" required autoComplete="off" />
        <SectionInput form={form} name="street2" label="Suite, floor (optional)" autoComplete="off" />
        <div className="field-row">
          <SectionInput form={form} name="city" label="City" required />
          <StateSelect form={form} name="state" label="State" />
          <SectionInput form={form} name="zip" label="ZIP code" required />
        </div>
      </TitledSection>
      <TitledSection headingId="candidate-heading" title="Candidate">
        <SectionInput
          form={form}
          name="candidateFecId"
          label="Your FEC candidate ID"
          hint="H or S, a digit, your state and 5 digits, like H6OH03123"
          required
        />
        <div className="field-row">
          <SectionField form={form} name="office" label="Office">
            {({ id, name, ...aria }) => (
              <select id={id} name={name} defaultValue={form.typed('office')} required {...aria}>
                <option value="">Choose the office</option>
                {FEC_OFFICES.map((office) => (
                  <option key={office} value={office}>
                    {FEC_OFFICE_LABEL[office]}
                  </option>
                ))}
              </select>
            )}
          </SectionField>
          <StateSelect form={form} name="electionState" label="State you are running in" />
          <SectionInput
            form={form}
            name="district"
            label="District (House only)"
            hint="Two digits; 00 for an at-large seat"
          />
        </div>
      </TitledSection>
      <TitledSection headingId="treasurer-heading" title="Treasurer and time zone">
        <div className="field-row">
          <SectionInput form={form} name="treasurerFirstName" label="Treasurer’s first name" required />
          <SectionInput form={form} name="treasurerLastName" label="Treasurer’s last name" required />
        </div>
        <SectionField
          form={form}
          name="timeZone"
          label="Time zone"
          hint="The day a gift was received, and the day a report closes, are counted here."
        >
          {({ id, name, ...aria }) => (
            <select id={id} name={name} defaultValue={form.typed('timeZone')} {...aria}>
              <option value="">Your state’s time zone</option>
              {COMMITTEE_TIME_ZONES.map(([zone, label]) => (
                <option key={zone} value={zone}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </SectionField>
      </TitledSection>
      <button type="submit" className="button button--primary">
        Save committee details
      </button>
    </SectionForm>
  );
}

function StateSelect({ form, name, label }: { form: FormSection; name: string; label: string }) {
  return (
    <SectionField form={form} name={name} label={label}>
      {({ id, name: field, ...aria }) => (
        <select id={id} name={field} defaultValue={form.typed(name)} required {...aria}>
          <option value="">Choose a state</option>
          {FEC_STATES.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
      )}
    </SectionField>
  );
}
