import { supporterEmailAllowance } from '../../../api/modules/campaign-dashboard/outreach';
import { type ShiftRoster, shiftRoster } from '../../../api/modules/events/roster';
import { listShiftEmails, previewShiftEmail, sendShiftEmail } from '../../../api/modules/events/shift-email';
import { composeInput } from '../../../api/modules/mass-email/schema';
import { DataTable } from '../../components/DataTable';
import { PageHero } from '../../components/PageHero';
import type { FieldErrors } from '../../lib/form-errors';
import { notFoundPage } from '../../render/error-pages';
import { renderPage } from '../../render/render-page';
import { ComposeEmailFields, type ComposePreview } from '../../server/compose-email-fields';
import { formSection, SectionForm } from '../../server/form-section';
import type { PageContext, RouteContext } from '../../server/page';
import { outreachDeps } from '../campaign-dashboard/outreach-forms';
import { domainFailure, idParam, zodFailure } from '../job-board/form-results';
import { formFields } from '../people/member-pages';
import { shiftText } from './event-format';

type EmailPath = '/events/:id/shifts/:shiftId/email';

interface ShiftEmailState {
  errors?: FieldErrors;
  formError?: string;
  values?: Record<string, string>;
  preview?: ComposePreview;
}

const count = (n: number) => n.toLocaleString('en-US');

async function rosterOf(c: PageContext, rawEvent: string, rawShift: string): Promise<ShiftRoster | null> {
  const user = c.get('user');
  const eventId = idParam(rawEvent);
  const shiftId = idParam(rawShift);
  if (!user || !eventId || !shiftId) return null;
  return shiftRoster(c.get('db'), user.id, eventId, shiftId).catch((error: unknown) => {
    if (!domainFailure(error)) throw error;
    return null;
  });
}

/**
 * /events/:id/shifts/:shiftId/email (issue 51, "Message a shift"): the host writes to everyone
 * signed up for the shift, previews and counts, then sends through mass email within the plan's
 * monthly emails. Plain forms: works without JavaScript.
 */
async function shiftEmailPage(c: PageContext, roster: ShiftRoster, state: ShiftEmailState, status = 200) {
  const user = c.get('user')!;
  const db = c.get('db');
  const [allowance, sends] = await Promise.all([
    supporterEmailAllowance(db, user.id),
    listShiftEmails(db, user.id),
  ]);
  const form = formSection({ section: state.values ? 'email' : undefined, ...state }, 'email', 'shift-email');
  const base = `/events/${roster.eventId}/shifts/${roster.shift.id}`;
  const people = roster.confirmed.length + roster.waitlisted.length;
  c.header('cache-control', 'private, no-store');
  return renderPage(c, {
    status,
    meta: { title: `Email the volunteers: ${roster.title}`, description: 'Email a shift.', noindex: true },
    body: (
      <>
        <PageHero
          eyebrow="Email the volunteers"
          title={roster.title}
          lead={shiftText(roster.shift, roster.timeZone)}
        />
        <div className="page-body event-page">
          {c.req.query('done') === 'sent' && (
            <p className="notice notice--success" role="status">
              Your email is queued. Its progress shows below.
            </p>
          )}
          <p>
            <a href={base}>Back to the roster</a>
          </p>
          <p data-testid="shift-email-allowance">
            {`${allowance.tierName} plan: ${count(allowance.perMonth)} emails a month. Used this month: ${count(allowance.used)}; left: ${count(allowance.left)}.`}
            {allowance.perMonth === 0 && (
              <>
                {' '}
                <a href="/membership">Upgrade to a paid plan to email your volunteers</a>
              </>
            )}
          </p>
          <p>{`${count(people)} signed up for this shift (the waitlist included). Each receives the email once; unsubscribed addresses never do.`}</p>
          <SectionForm form={form} action={`${base}/email`} noValidate>
            <ComposeEmailFields form={form} preview={state.preview} testId="shift-email-preview" />
          </SectionForm>
          <section aria-labelledby="shift-emails-heading">
            <h2 id="shift-emails-heading">Your emails to volunteers</h2>
            <DataTable
              caption="Your emails to volunteers"
              testId="shift-emails"
              headings={['To', 'Subject', 'Progress']}
              rows={sends}
              rowKey={(s) => s.id}
              cells={(s) => [
                s.audience_label,
                s.subject,
                `${count(s.sent_count)} of ${count(s.total)} sent, ${count(s.suppressed_count)} unsubscribed`,
              ]}
              empty="No emails yet."
            />
          </section>
        </div>
      </>
    ),
  });
}

/** GET /events/:id/shifts/:shiftId/email */
export async function showShiftEmail(c: RouteContext<EmailPath>) {
  const roster = await rosterOf(c, c.req.param('id'), c.req.param('shiftId'));
  return roster ? shiftEmailPage(c, roster, {}) : renderPage(c, notFoundPage());
}

/** POST /events/:id/shifts/:shiftId/email: intent=preview counts and shows it; intent=send queues it. */
export async function emailShiftFromForm(c: RouteContext<EmailPath>) {
  const user = c.get('user');
  const roster = await rosterOf(c, c.req.param('id'), c.req.param('shiftId'));
  if (!user || !roster) return renderPage(c, notFoundPage());
  const values = await formFields(c);
  const parsed = composeInput.safeParse({ subject: values.subject, body: values.body });
  if (!parsed.success) return shiftEmailPage(c, roster, { ...zodFailure(parsed.error), values }, 400);
  const deps = outreachDeps(c);

  try {
    if (values.intent === 'preview') {
      const preview = await previewShiftEmail(deps, user.id, roster.shift.id, parsed.data);
      return shiftEmailPage(c, roster, {
        values,
        preview: { ...preview, text: preview.preview?.text ?? null },
      });
    }
    await sendShiftEmail(deps, { id: user.id, ip: c.get('ip') }, roster.shift.id, parsed.data);
  } catch (error) {
    const failure = domainFailure(error);
    if (!failure) throw error;
    return shiftEmailPage(
      c,
      roster,
      { errors: failure.errors, formError: failure.errors.audience?.join(' ') ?? failure.formError, values },
      failure.status,
    );
  }
  return c.redirect(`/events/${roster.eventId}/shifts/${roster.shift.id}/email?done=sent`, 303);
}
