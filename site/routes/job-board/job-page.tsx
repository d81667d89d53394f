import { APPLICATION_STATUS_LABELS, COVER_NOTE_MAX } from '../../../api/contract/job-board';
import { slugOf } from '../../../api/contract/person-names';
import type { ReferenceLists } from '../../../api/contract/reference-options';
import { applyToJob, myApplicationTo } from '../../../api/modules/job-board/applications';
import { jobPostingJsonLd } from '../../../api/modules/job-board/json-ld';
import { reportJob } from '../../../api/modules/job-board/reports';
import { applyInput, reportJobInput } from '../../../api/modules/job-board/schema';
import { loadJob } from '../../../api/modules/job-board/views';
import { getReferenceLists } from '../../../api/modules/reference-options/service';
import { FieldError } from '../../components/FieldError';
import { JsonLd } from '../../components/JsonLd';
import { PageHero } from '../../components/PageHero';
import { optionLabeler } from '../../lib/option-labels';
import { signInUrl } from '../../lib/sign-in-url';
import { notFoundPage } from '../../render/error-pages';
import { renderPage } from '../../render/render-page';
import type { PageContext, RouteContext } from '../../server/page';
import { FormError } from './form-error';
import { domainFailure, type FormFailure, first, idParam, postedFields, zodFailure } from './form-results';
import { dayText, payText } from './job-format';
import { Paragraphs } from './paragraphs';

/** What a re-rendered job page shows after a refused apply or report. */
interface JobPageForm {
  form: 'apply' | 'report';
  failure: FormFailure;
  values: Record<string, string>;
}

const NOTICES: Record<string, string> = {
  applied: 'Your application was sent. Follow it on My applications.',
  reported: 'Thank you. Our team will review this posting.',
  posted: 'Your job is posted.',
  saved: 'Your changes are saved.',
  closed: 'This posting is closed.',
};

/** The page of the posting with id `rawId` (from the URL); `state` re-shows a refused form. */
async function jobPage(c: PageContext, rawId: string, state: JobPageForm | null = null) {
  const db = c.get('db');
  const user = c.get('user');
  const jobId = idParam(rawId);
  const job = jobId ? await loadJob(db, jobId) : null;
  if (!job) return renderPage(c, notFoundPage());
  const lists = await getReferenceLists(db);
  const label = optionLabeler(lists);
  const isEmployer = user?.id === job.employerId;
  const mine = user && !isEmployer ? await myApplicationTo(db, user.id, job.id) : undefined;
  const notice = NOTICES[c.req.query('done') ?? ''];
  const errors = state?.failure.errors ?? {};
  return renderPage(c, {
    status: state?.failure.status,
    meta: {
      title: `${job.title} at ${job.organization}`,
      description: `${job.title} at ${job.organization}, ${label('states', job.state)}${job.remote ? ' (remote)' : ''}: ${label('employment', job.employment)}, ${payText(job)}.`,
      canonicalPath: `/jobs/${job.id}`,
      noindex: !job.open,
    },
    body: (
      <>
        {job.open && <JsonLd data={jobPostingJsonLd(job, c.get('config').appUrl)} />}
        <PageHero
          eyebrow={job.organization}
          title={job.title}
          lead={job.open ? `Closes ${dayText(job.closesOn)}` : 'This posting is closed.'}
        />
        <div className="page-body job-page">
          {notice && (
            <p className="notice notice--success" role="status">
              {notice}
            </p>
          )}
          <dl className="job-page__facts">
            <dt>Organization</dt>
            <dd>
              <a href={`/profile/${slugOf(job.organization)}/${job.employerId}`}>{job.organization}</a>
            </dd>
            <dt>Location</dt>
            <dd>
              {label('states', job.state)}
              {job.remote ? ' · Remote' : ''}
            </dd>
            <dt>Job type</dt>
            <dd>{label('jobtype', job.jobtype)}</dd>
            <dt>Employment</dt>
            <dd>{label('employment', job.employment)}</dd>
            {job.position && (
              <>
                <dt>Issue</dt>
                <dd>{label('position', job.position)}</dd>
              </>
            )}
            <dt>Pay</dt>
            <dd>{payText(job)}</dd>
            {job.skills.length > 0 && (
              <>
                <dt>Skills</dt>
                <dd>{job.skills.map((s) => label('skill', s)).join(', ')}</dd>
              </>
            )}
            <dt>Posted</dt>
            <dd>{dayText(job.postedAt)}</dd>
          </dl>
          <section aria-labelledby="job-description-heading" className="job-page__description">
            <h2 id="job-description-heading">About the job</h2>
            <Paragraphs text={job.description} />
          </section>
          {isEmployer ? (
            <EmployerActions jobId={job.id} open={job.open} />
          ) : mine ? (
            <p className="notice" data-testid="my-application-status">
              You applied on {dayText(new Date(mine.created_at).toISOString())}. Status:{' '}
              <strong>{APPLICATION_STATUS_LABELS[mine.status]}</strong>.{' '}
              <a href="/jobs/applications">My applications</a>
            </p>
          ) : !job.open ? null : user ? (
            <ApplyForm
              jobId={job.id}
              errors={state?.form === 'apply' ? errors : {}}
              formError={state?.form === 'apply' ? state.failure.formError : undefined}
              coverNote={state?.form === 'apply' ? (state.values.coverNote ?? '') : ''}
            />
          ) : (
            <p>
              <a className="button button--primary" href={signInUrl(`/jobs/${job.id}`)}>
                Sign in to apply
              </a>
            </p>
          )}
          {user && !isEmployer && (
            <ReportForm
              jobId={job.id}
              lists={lists}
              open={state?.form === 'report'}
              errors={state?.form === 'report' ? errors : {}}
              formError={state?.form === 'report' ? state.failure.formError : undefined}
            />
          )}
        </div>
      </>
    ),
  });
}

function EmployerActions({ jobId, open }: { jobId: number; open: boolean }) {
  return (
    <section aria-labelledby="employer-heading" className="job-page__employer">
      <h2 id="employer-heading">Your posting</h2>
      <p className="job-page__actions">
        <a className="button button--primary" href={`/jobs/${jobId}/applicants`}>
          See applicants
        </a>
        {open && (
          <a className="button" href={`/jobs/${jobId}/edit`}>
            Edit
          </a>
        )}
      </p>
      {open && (
        <form method="post" action={`/jobs/${jobId}/close`}>
          <button type="submit" className="button button--danger">
            Close this posting
          </button>
        </form>
      )}
    </section>
  );
}

function ApplyForm(props: {
  jobId: number;
  errors: Record<string, string[]>;
  formError?: string | undefined;
  coverNote: string;
}) {
  const invalid = Boolean(props.errors.coverNote?.length);
  return (
    <section aria-labelledby="apply-heading" className="job-page__apply">
      <h2 id="apply-heading">Apply</h2>
      <form method="post" action={`/jobs/${props.jobId}/apply`} className="form">
        <FormError message={props.formError} />
        <div className="field">
          <label htmlFor="apply-cover-note">Cover note</label>
          <p className="field-hint" id="apply-cover-note-hint">
            Why you, in up to {COVER_NOTE_MAX.toLocaleString('en-US')} characters. Your profile goes with your
            application.
          </p>
          <textarea
            id="apply-cover-note"
            name="coverNote"
            rows={8}
            required
            minLength={20}
            maxLength={COVER_NOTE_MAX}
            defaultValue={props.coverNote}
            aria-invalid={invalid || undefined}
            aria-describedby={`apply-cover-note-hint${invalid ? ' apply-cover-note-error' : ''}`}
          />
          <FieldError id="apply-cover-note-error" messages={props.errors.coverNote} />
        </div>
        <button type="submit" className="button button--primary">
          Send application
        </button>
      </form>
    </section>
  );
}

function ReportForm(props: {
  jobId: number;
  lists: ReferenceLists;
  open: boolean;
  errors: Record<string, string[]>;
  formError?: string | undefined;
}) {
  return (
    <details className="job-page__report" open={props.open || undefined}>
      <summary>Report this job</summary>
      <form method="post" action={`/jobs/${props.jobId}/report`} className="form">
        <FormError message={props.formError} />
        <div className="field">
          <label htmlFor="report-reason">Reason</label>
          <select id="report-reason" name="reason" required defaultValue="">
            <option value="" disabled>
              Choose a reason
            </option>
            {(props.lists.report ?? []).map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          <FieldError id="report-reason-error" messages={props.errors.reason} />
        </div>
        <div className="field">
          <label htmlFor="report-details">Details (optional)</label>
          <textarea id="report-details" name="details" rows={3} maxLength={1000} />
        </div>
        <button type="submit" className="button">
          Send report
        </button>
      </form>
    </details>
  );
}

/** GET /jobs/:id: the posting, its JSON-LD, and what the viewer may do with it. */
export function showJob(c: RouteContext<'/jobs/:id'>) {
  return jobPage(c, c.req.param('id'));
}

/** POST /jobs/:id/apply (no JavaScript needed): applied → back to the page with a notice. */
export async function applyFromForm(c: RouteContext<'/jobs/:id/apply'>) {
  const user = c.get('user');
  if (!user) return c.redirect(signInUrl(`/jobs/${c.req.param('id')}`), 303);
  const fields = await postedFields(c);
  const values = { coverNote: first(fields, 'coverNote') };
  const parsed = applyInput.safeParse({ jobId: idParam(c.req.param('id')), coverNote: values.coverNote });
  if (!parsed.success)
    return jobPage(c, c.req.param('id'), { form: 'apply', failure: zodFailure(parsed.error), values });
  try {
    await applyToJob(c.get('db'), c.get('realtime'), user.id, parsed.data);
  } catch (error) {
    const failure = domainFailure(error);
    if (!failure) throw error;
    return jobPage(c, c.req.param('id'), { form: 'apply', failure, values });
  }
  return c.redirect(`/jobs/${parsed.data.jobId}?done=applied`, 303);
}

/** POST /jobs/:id/report: a red flag for staff. */
export async function reportFromForm(c: RouteContext<'/jobs/:id/report'>) {
  const user = c.get('user');
  if (!user) return c.redirect(signInUrl(`/jobs/${c.req.param('id')}`), 303);
  const fields = await postedFields(c);
  const parsed = reportJobInput.safeParse({
    jobId: idParam(c.req.param('id')),
    reason: first(fields, 'reason'),
    details: first(fields, 'details'),
  });
  if (!parsed.success)
    return jobPage(c, c.req.param('id'), { form: 'report', failure: zodFailure(parsed.error), values: {} });
  try {
    await reportJob(c.get('db'), user.id, parsed.data);
  } catch (error) {
    const failure = domainFailure(error);
    if (!failure) throw error;
    return jobPage(c, c.req.param('id'), { form: 'report', failure, values: {} });
  }
  return c.redirect(`/jobs/${parsed.data.jobId}?done=reported`, 303);
}
