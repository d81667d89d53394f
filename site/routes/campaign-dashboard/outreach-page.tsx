import type { Context } from 'hono';
import type { ReactNode } from 'react';
import { CAMPAIGN_TYPE_LABEL, OUTREACH_CAMPAIGN_TYPES } from '../../../api/contract/gotv';
import type { SessionUser } from '../../../api/contract/session-user';
import type { AppEnv } from '../../../api/middleware/app-env';
import {
  listOutreachCampaigns,
  listSupporterEmails,
  supporterEmailAllowance,
} from '../../../api/modules/campaign-dashboard/outreach';
import { DataTable } from '../../components/DataTable';
import { FieldError } from '../../components/FieldError';
import { PageHero } from '../../components/PageHero';
import { type FieldErrors, fieldAria } from '../../lib/form-errors';
import { renderPage } from '../../render/render-page';

/** The form that failed or previewed, so the page shows its errors, what was typed, the preview. */
export interface OutreachState {
  notice?: string;
  section?: 'campaign' | 'email';
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
  const [campaigns, allowance, sends] = await Promise.all([
    listOutreachCampaigns(db, candidate.id),
    supporterEmailAllowance(db, candidate.id),
    listSupporterEmails(db, candidate.id),
  ]);
  const errors = (section: OutreachState['section']) =>
    state.section === section ? (state.errors ?? {}) : {};
  const typed = (section: OutreachState['section'], name: string) =>
    state.section === section ? (state.values?.[name] ?? '') : '';
  const formError = (section: OutreachState['section']) =>
    state.section === section && state.formError ? (
      <p className="notice notice--error" role="alert">
        {state.formError}
      </p>
    ) : null;
  const field = (section: 'campaign' | 'email', name: string, label: string, control: ReactNode) => (
    <div className="field">
      <label htmlFor={`outreach-${section}-${name}`}>{label}</label>
      {control}
      <FieldError id={`outreach-${section}-${name}-error`} messages={errors(section)[name]} />
    </div>
  );
  const aria = (section: 'campaign' | 'email', name: string) => ({
    id: `outreach-${section}-${name}`,
    name,
    ...fieldAria(errors(section), name, `outreach-${section}`),
  });
  const emailErrors = errors('email');
  const checked = (name: string) =>
    state.section === 'email' ? Boolean(state.values?.[name]) : name === 'followers';

  return renderPage(c, {
    status,
    meta: { title: 'Reach your people', description: 'Email your followers and donors.', noindex: true },
    body: (
      <>
        <PageHero
          eyebrow="Your campaign"
          title="Reach your people"
          lead={<a href="/campaign-dashboard">Back to the campaign dashboard</a>}
        />
        <div className="prose campaign-dashboard">
          {state.notice && (
            <p className="notice notice--success" role="status">
              {state.notice}
            </p>
          )}

          <section aria-labelledby="allowance-heading">
            <h2 id="allowance-heading">Your monthly emails</h2>
            {allowance.perMonth === 0 ? (
              <>
                <p className="notice" data-testid="outreach-upgrade">
                  {`Your ${allowance.tierName} plan includes no emails to your followers and donors. `}
                  <a href="/membership">Upgrade to a paid plan to email them every month</a>
                </p>
                {/* The email form is not shown on Free: a send posted anyway is refused here. */}
                {state.section === 'email' && (
                  <p className="notice notice--error" role="alert">
                    {(errors('email').audience ?? [state.formError]).join(' ')}
                  </p>
                )}
              </>
            ) : (
              <p data-testid="outreach-allowance">
                {`${allowance.tierName} plan: ${count(allowance.perMonth)} emails a month. Used this month: ${count(allowance.used)}; left: ${count(allowance.left)}.`}
              </p>
            )}
          </section>

          <section aria-labelledby="outreach-campaigns-heading">
            <h2 id="outreach-campaigns-heading">Social media and GOTV campaigns</h2>
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
            <form className="form" method="post" action="/campaign-dashboard/outreach/campaigns" noValidate>
              <h3>New campaign</h3>
              {formError('campaign')}
              {field(
                'campaign',
                'type',
                'Type',
                <select {...aria('campaign', 'type')} defaultValue={typed('campaign', 'type') || 'GOTV'}>
                  {OUTREACH_CAMPAIGN_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {CAMPAIGN_TYPE_LABEL[t]}
                    </option>
                  ))}
                </select>,
              )}
              {field(
                'campaign',
                'name',
                'Name',
                <input {...aria('campaign', 'name')} defaultValue={typed('campaign', 'name')} required />,
              )}
              {field(
                'campaign',
                'description',
                'Description (optional)',
                <textarea
                  {...aria('campaign', 'description')}
                  rows={2}
                  defaultValue={typed('campaign', 'description')}
                />,
              )}
              <button type="submit" className="button button--primary">
                Create campaign
              </button>
            </form>
          </section>

          {campaigns.length > 0 && allowance.perMonth > 0 && (
            <section aria-labelledby="outreach-email-heading">
              <h2 id="outreach-email-heading">Email your followers and donors</h2>
              <form className="form" method="post" action="/campaign-dashboard/outreach/emails" noValidate>
                {formError('email')}
                {field(
                  'email',
                  'campaignId',
                  'Campaign',
                  <select {...aria('email', 'campaignId')} defaultValue={typed('email', 'campaignId')}>
                    {campaigns.map((k) => (
                      <option key={k.id} value={String(k.id)}>
                        {k.name}
                      </option>
                    ))}
                  </select>,
                )}
                <fieldset aria-describedby={emailErrors.groups ? 'outreach-email-groups-error' : undefined}>
                  <legend>Send to</legend>
                  <label>
                    <input
                      type="checkbox"
                      name="followers"
                      value="on"
                      defaultChecked={checked('followers')}
                    />{' '}
                    My followers
                  </label>
                  <label>
                    <input type="checkbox" name="donors" value="on" defaultChecked={checked('donors')} /> My
                    donors
                  </label>
                  <FieldError
                    id="outreach-email-groups-error"
                    messages={emailErrors.groups ?? emailErrors.audience}
                  />
                </fieldset>
                {field(
                  'email',
                  'subject',
                  'Subject',
                  <input {...aria('email', 'subject')} defaultValue={typed('email', 'subject')} required />,
                )}
                {field(
                  'email',
                  'body',
                  'Message',
                  <textarea
                    {...aria('email', 'body')}
                    rows={8}
                    defaultValue={typed('email', 'body')}
                    required
                  />,
                )}
                <p className="field-hint">{'Plain text. Write {{firstName}} for the reader’s first name.'}</p>
                {state.preview && (
                  <div className="notice" data-testid="outreach-preview" role="status">
                    <p>{`${state.preview.audience}: ${count(state.preview.recipients)} would receive it; ${count(state.preview.suppressed)} unsubscribed.`}</p>
                    {state.preview.text && <pre className="outreach-preview">{state.preview.text}</pre>}
                  </div>
                )}
                <p className="form-actions">
                  <button type="submit" name="intent" value="preview" className="button">
                    Preview and count
                  </button>
                  <button type="submit" name="intent" value="send" className="button button--primary">
                    Send
                  </button>
                </p>
              </form>
            </section>
          )}

          <section aria-labelledby="outreach-sent-heading">
            <h2 id="outreach-sent-heading">Your emails</h2>
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
          </section>
        </div>
      </>
    ),
  });
}
