import {
  APPLICATION_STATUS_LABELS,
  canMove,
  EMPLOYER_MOVE_LABELS,
  EMPLOYER_MOVES,
  type EmployerMove,
} from '../../../api/contract/job-board';
import { slugOf } from '../../../api/contract/person-names';
import { NotFoundError } from '../../../api/modules/errors';
import {
  type ApplicantView,
  applicationFor,
  listApplicants,
  markViewed,
  moveApplication,
} from '../../../api/modules/job-board/applications';
import { moveApplicationInput } from '../../../api/modules/job-board/schema';
import { getReferenceLists } from '../../../api/modules/reference-options/service';
import { PageHero } from '../../components/PageHero';
import { ScrollingTable } from '../../components/ScrollingTable';
import { optionLabeler } from '../../lib/option-labels';
import { notFoundPage } from '../../render/error-pages';
import { renderPage } from '../../render/render-page';
import type { PageContext, RouteContext } from '../../server/page';
import { FormError } from './form-error';
import {
  domainFailure,
  type FormFailure,
  first,
  idParam,
  ownJob,
  postedFields,
  zodFailure,
} from './form-results';
import { dayText } from './job-format';
import { Paragraphs } from './paragraphs';
import { REJECT_CONFIRMED, rejectConfirmationHref } from './reject-confirmation';

const profileHref = (a: ApplicantView) => `/profile/${slugOf(a.name)}/${a.applicantId}`;

/**
 * Shortlist leads; Reject is quiet, so it is not the button the eye (or a hurried click) lands on:
 * it is final and tells the applicant, and it asks for confirmation on a page of its own.
 */
const MOVE_BUTTON_CLASS: Record<EmployerMove, string> = {
  shortlisted: 'button button--primary',
  hired: 'button',
  rejected: 'button job-application__reject',
};

/** GET /jobs/:id/applicants: everyone who applied to the employer's posting, oldest first. */
export async function showApplicants(c: RouteContext<'/jobs/:id/applicants'>) {
  const job = await ownJob(c, c.req.param('id'));
  if (!job) return renderPage(c, notFoundPage());
  const applicants = await listApplicants(c.get('db'), job.employerId, job.id);
  return renderPage(c, {
    meta: {
      title: `Applicants: ${job.title}`,
      description: 'Who applied to your job posting.',
      noindex: true,
    },
    body: (
      <>
        <PageHero
          eyebrow="Applicants"
          title={job.title}
          lead={`${applicants.length} ${applicants.length === 1 ? 'application' : 'applications'}`}
        />
        <div className="page-body">
          <p>
            <a href={`/jobs/${job.id}`}>Back to the posting</a>
          </p>
          {applicants.length === 0 ? (
            <p role="status">No one has applied yet.</p>
          ) : (
            <ScrollingTable caption="Applicants" className="data-table" captionHidden>
              <thead>
                <tr>
                  <th scope="col">Applicant</th>
                  <th scope="col">Applied</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {applicants.map((a) => (
                  <tr key={a.id}>
                    <th scope="row">
                      <a href={`/jobs/${job.id}/applicants/${a.id}`}>{a.name}</a>
                    </th>
                    <td>{dayText(a.appliedAt)}</td>
                    <td>{APPLICATION_STATUS_LABELS[a.status]}</td>
                  </tr>
                ))}
              </tbody>
            </ScrollingTable>
          )}
        </div>
      </>
    ),
  });
}

/** The two ids of an application's URL, as typed (unchecked). */
interface ApplicationPath {
  id: string;
  applicationId: string;
}

/**
 * One application as its employer reads it. Opening it marks a submitted application viewed
 * (the applicant hears of it live); only the employer gets here, the applicant is sent to
 * their own list, anyone else is told it does not exist.
 */
async function applicationPage(c: PageContext, path: ApplicationPath, failure: FormFailure | null = null) {
  const db = c.get('db');
  const user = c.get('user')!;
  const applicationId = idParam(path.applicationId);
  let opened: Awaited<ReturnType<typeof markViewed>>;
  try {
    if (!applicationId) throw new NotFoundError('No such application.');
    // A refused move re-renders the page: bad input changes nothing, not even "viewed".
    opened = failure
      ? await applicationFor(db, user.id, applicationId)
      : await markViewed(db, c.get('realtime'), user.id, applicationId);
  } catch (error) {
    if (error instanceof NotFoundError) return renderPage(c, notFoundPage());
    throw error;
  }
  if (opened.role === 'applicant') return c.redirect('/jobs/applications', 303);
  const a = opened.application;
  if (String(a.jobId) !== path.id) return renderPage(c, notFoundPage());
  const label = optionLabeler(await getReferenceLists(db));
  const moves = EMPLOYER_MOVES.filter((to) => canMove(a.status, to));
  const moved = c.req.query('done') === 'moved';
  return renderPage(c, {
    status: failure?.status,
    meta: {
      title: `Application from ${a.name}`,
      description: `An application to ${a.jobTitle}.`,
      noindex: true,
    },
    body: (
      <>
        <PageHero
          eyebrow={a.jobTitle}
          title={`Application from ${a.name}`}
          lead={`Applied ${dayText(a.appliedAt)}`}
        />
        <div className="page-body job-application">
          <p>
            <a href={`/jobs/${a.jobId}/applicants`}>All applicants</a>
          </p>
          {moved && (
            <p className="notice notice--success" role="status">
              The applicant has been told.
            </p>
          )}
          <FormError message={failure?.formError} />
          <p>
            Status: <strong data-testid="application-status">{APPLICATION_STATUS_LABELS[a.status]}</strong>
          </p>
          <section aria-labelledby="applicant-heading">
            <h2 id="applicant-heading">Applicant</h2>
            <p>
              <a href={profileHref(a)}>{a.name}</a>
              {a.state ? `, ${label('states', a.state)}` : ''} ·{' '}
              <a href={`/messaging?to=${a.applicantId}`}>Send a message</a>
            </p>
            {a.bio && <p>{a.bio}</p>}
          </section>
          <section aria-labelledby="cover-note-heading">
            <h2 id="cover-note-heading">Cover note</h2>
            <Paragraphs text={a.coverNote} />
          </section>
          {moves.length > 0 && (
            <form
              method="post"
              action={`/jobs/${a.jobId}/applicants/${a.id}/status`}
              className="job-application__moves"
            >
              <p>Move this application:</p>
              {moves.map((to) => (
                <button key={to} type="submit" name="status" value={to} className={MOVE_BUTTON_CLASS[to]}>
                  {EMPLOYER_MOVE_LABELS[to]}
                </button>
              ))}
            </form>
          )}
        </div>
      </>
    ),
  });
}

export function showApplication(c: RouteContext<'/jobs/:id/applicants/:applicationId'>) {
  return applicationPage(c, c.req.param());
}

/** POST …/status: shortlist, reject or hire; a refused move shows why and changes nothing. */
export async function moveFromForm(c: RouteContext<'/jobs/:id/applicants/:applicationId/status'>) {
  const path = c.req.param();
  const fields = await postedFields(c);
  const parsed = moveApplicationInput.safeParse({
    applicationId: idParam(c.req.param('applicationId')),
    status: first(fields, 'status'),
  });
  if (!parsed.success) return applicationPage(c, path, zodFailure(parsed.error));
  // Rejecting is final: a Reject that has not been through the confirmation page goes there first.
  if (parsed.data.status === 'rejected' && first(fields, REJECT_CONFIRMED.name) !== REJECT_CONFIRMED.value) {
    return c.redirect(rejectConfirmationHref(path.id, parsed.data.applicationId), 303);
  }
  try {
    await moveApplication(
      c.get('db'),
      c.get('realtime'),
      c.get('user')!.id,
      parsed.data.applicationId,
      parsed.data.status,
    );
  } catch (error) {
    if (error instanceof NotFoundError) return renderPage(c, notFoundPage());
    const failure = domainFailure(error);
    if (!failure) throw error;
    return applicationPage(c, path, failure);
  }
  return c.redirect(`/jobs/${c.req.param('id')}/applicants/${parsed.data.applicationId}?done=moved`, 303);
}
