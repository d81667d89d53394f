import type { Context } from 'hono';
import { ENGAGED_WINDOWS, engagedLabel } from '../../../api/contract/engaged-audiences';
import { CAMPAIGN_TYPE_LABEL, OUTREACH_CAMPAIGN_TYPES } from '../../../api/contract/gotv';
import type { SessionUser } from '../../../api/contract/session-user';
import type { AppEnv } from '../../../api/middleware/app-env';
import {
  listOutreachCampaigns,
  listSupporterEmails,
  supporterEmailAllowance,
} from '../../../api/modules/campaign-dashboard/outreach';
import { hostedEvents } from '../../../api/modules/events/hosting';
import { DataTable } from '../../components/DataTable';
import { FieldError } from '../../components/FieldError';
import type { FieldErrors } from '../../lib/form-errors';
import { renderPage } from '../../render/render-page';
import { ComposeEmailFields } from '../../server/compose-email-fields';
import {
  type FormSection,
  formSection,
  SectionField,
  SectionForm,
  TitledSection,
} from '../../server/form-section';
import { DashboardSubpage } from './DashboardSubpage';
import { EventPeopleSection } from './event-people-email';

/** The form that failed or previewed, so the page shows its errors, what was typed, the preview. */
export interface OutreachState {
  notice?: string;
  section?: 'campaign' | 'email' | 'event-people';
  errors?: FieldErrors;
  formError?: string;
  values?: Record<string, string>;
  preview?: { audience: string; recipients: number; suppressed: number; text: string | null };
}

export const OUTREACH_NOTICES: Record<string, string> = {
  campaign: 'Your campaign is created. Email your followers and donors from it below.',
  sent: 'Your email is queued. Its progress shows below.',
};

const count = (n: number) => n.toLocaleString('en-US');
const STATUS: Record<string, string> = {
  draft: 'Draft',
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  cancelled: 'Cancelled',
};

/**
 * /campaign-dashboard/outreach (docs/decisions/0032-gotv-and-candidate-emails.md): the candidate's SocialMedia and GOTV
 * campaigns, their monthly email allowance (Free: none, with the way to upgrade), an email to their
 * followers and/or donors with a preview and count before sending, and the emails sent so far.
 * Plain forms: it all works without JavaScript; a reload shows the progress.
 */
export async function outreachPage(
  c: Context<AppEnv>,
  candidate: SessionUser,
  state: OutreachState = {},
  status = 200,
) {
  const db = c.get('db');
  const [campaigns, allowance, sends, events] = await Promise.all([
    listOutreachCampaigns(db, candidate.id),
    supporterEmailAllowance(db, candidate.id),
    listSupporterEmails(db, candidate.id),
    hostedEvents(db, candidate.id),
  ]);
  const emailForm = formSection(state, 'email', 'outreach-email');

  return renderPage(c, {
    status,
    meta: { title: 'Reach your people', description: 'Email your followers and donors.', noindex: true },
    body: (
      <DashboardSubpage title="Reach your people" notice={state.notice}>
        <AllowanceSection allowance={allowance} emailForm={emailForm} />
        <OutreachCampaignsSection
          form={formSection(state, 'campaign', 'outreach-campaign')}
          campaigns={campaigns}
        />
        {campaigns.length > 0 && allowance.perMonth > 0 && (
          <EmailSection
            form={emailForm}
            campaigns={campaigns}
            preview={emailForm.posted ? state.preview : undefined}
          />
        )}
        {allowance.perMonth > 0 && (
          <EventPeopleSection
            form={formSection(state, 'event-people', 'event-people-email')}
            events={events}
            preview={state.section === 'event-people' ? state.preview : undefined}
          />
        )}
        <TitledSection headingId="outreach-sent-heading" title="Your emails">
          <DataTable
            testId="outreach-sends"
            caption="Your emails"
            headings={['To', 'Subject', 'Status', 'Progress']}
            rows={sends}
            rowKey={(s) => s.id}
            cells={(s) => [
              s.audience_label,
              s.subject,
              STATUS[s.status] ?? s.status,
              `${count(s.sent_count)} of ${count(s.total)} sent, ${count(s.suppressed_count)} suppressed, ${count(s.failed_count)} failed`,
            ]}
            empty="No emails yet."
          />
        </TitledSection>
      </DashboardSubpage>
    ),
  });
}

type Allowance = Awaited<ReturnType<typeof supporterEmailAllowance>>;
type OutreachCampaigns = Awaited<ReturnType<typeof listOutreachCampaigns>>;

/** The emails the plan allows this month; on Free, the way to upgrade and why a send was refused. */
function AllowanceSection({ allowance, emailForm }: { allowance: Allowance; emailForm: FormSection }) {
  return (
    <TitledSection headingId="allowance-heading" title="Your monthly emails">
      {allowance.perMonth === 0 ? (
        <>
          <p className="notice" data-testid="outreach-upgrade">
            {`Your ${allowance.tierName} plan includes no emails to your followers and donors. `}
            <a href="/membership">Upgrade to a paid plan to email them every month</a>
          </p>
          {/* The email form is not shown on Free: a send posted anyway is refused here. */}
          {emailForm.posted && (
            <p className="notice notice--error" role="alert">
              {(emailForm.errors.audience ?? [emailForm.formError]).join(' ')}
            </p>
          )}
        </>
      ) : (
        <p data-testid="outreach-allowance">
          {`${allowance.tierName} plan: ${count(allowance.perMonth)} emails a month. Used this month: ${count(allowance.used)}; left: ${count(allowance.left)}.`}
        </p>
      )}
    </TitledSection>
  );
}

/** The candidate's outreach campaigns and the form for a new one. */
function OutreachCampaignsSection({ form, campaigns }: { form: FormSection; campaigns: OutreachCampaigns }) {
  return (
    <TitledSection headingId="outreach-campaigns-heading" title="Social media and GOTV campaigns">
      {campaigns.length === 0 ? (
        <p>No campaigns yet. Create one to email your followers and donors about it.</p>
      ) : (
        <ul data-testid="outreach-campaigns">
          {campaigns.map((k) => (
            <li key={k.id}>
              <strong>{k.name}</strong> ({CAMPAIGN_TYPE_LABEL[k.type]})
              {k.description ? `: ${k.description}` : ''}
            </li>
          ))}
        </ul>
      )}
      <SectionForm
        form={form}
        action="/campaign-dashboard/outreach/campaigns"
        noValidate
        lead={<h3>New campaign</h3>}
      >
        <SectionField form={form} name="type" label="Type">
          {(control) => (
            <select {...control} defaultValue={form.typed('type') || 'GOTV'}>
              {OUTREACH_CAMPAIGN_TYPES.map((t) => (
                <option key={t} value={t}>
                  {CAMPAIGN_TYPE_LABEL[t]}
                </option>
              ))}
            </select>
          )}
        </SectionField>
        <SectionField form={form} name="name" label="Name">
          {(control) => <input {...control} defaultValue={form.typed('name')} required />}
        </SectionField>
        <SectionField form={form} name="description" label="Description (optional)">
          {(control) => <textarea {...control} rows={2} defaultValue={form.typed('description')} />}
        </SectionField>
        <button type="submit" className="button button--primary">
          Create campaign
        </button>
      </SectionForm>
    </TitledSection>
  );
}

/** The email to followers and/or donors: campaign, audience, subject and message, preview or send. */
function EmailSection({
  form,
  campaigns,
  preview,
}: {
  form: FormSection;
  campaigns: OutreachCampaigns;
  preview: OutreachState['preview'];
}) {
  return (
    <TitledSection headingId="outreach-email-heading" title="Email your followers and donors">
      <SectionForm form={form} action="/campaign-dashboard/outreach/emails" noValidate>
        <SectionField form={form} name="campaignId" label="Campaign">
          {(control) => (
            <select {...control} defaultValue={form.typed('campaignId')}>
              {campaigns.map((k) => (
                <option key={k.id} value={String(k.id)}>
                  {k.name}
                </option>
              ))}
            </select>
          )}
        </SectionField>
        <AudienceChoices form={form} />
        <SectionField
          form={form}
          name="engagedDays"
          label="Or only your engaged people"
          hint="Engaged: clicked a link in one of your emails or gave to you lately. Send to them first."
        >
          {(control) => (
            <select {...control} defaultValue={form.typed('engagedDays')}>
              <option value="">No: the followers and donors ticked above</option>
              {ENGAGED_WINDOWS.map((days) => (
                <option key={days} value={String(days)}>
                  {engagedLabel(days)}
                </option>
              ))}
            </select>
          )}
        </SectionField>
        <ComposeEmailFields form={form} preview={preview} testId="outreach-preview" />
      </SectionForm>
    </TitledSection>
  );
}

/** Who receives the email: followers are ticked until the candidate posts their own choice. */
function AudienceChoices({ form }: { form: FormSection }) {
  const checked = (name: string) => (form.posted ? form.typed(name) !== '' : name === 'followers');
  const errors = form.errors;
  return (
    <fieldset aria-describedby={errors.groups ? 'outreach-email-groups-error' : undefined}>
      <legend>Send to</legend>
      <label>
        {/* Two texts (the space, the words), so the markup stays as it was rendered before. */}
        <input type="checkbox" name="followers" value="on" defaultChecked={checked('followers')} />{' '}
        {'My followers'}
      </label>
      <label>
        <input type="checkbox" name="donors" value="on" defaultChecked={checked('donors')} /> My donors
      </label>
      <FieldError id="outreach-email-groups-error" messages={errors.groups ?? errors.audience} />
    </fieldset>
  );
}
