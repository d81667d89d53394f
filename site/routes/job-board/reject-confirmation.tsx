import { canMove } from '../../../api/contract/job-board';
import { NotFoundError } from '../../../api/modules/errors';
import { applicationFor } from '../../../api/modules/job-board/applications';
import { PageHero } from '../../components/PageHero';
import { notFoundPage } from '../../render/error-pages';
import { renderPage } from '../../render/render-page';
import type { RouteContext } from '../../server/page';
import { idParam } from './form-results';

/** The field the confirmation's form sends; a reject without it is sent here first. */
export const REJECT_CONFIRMED = { name: 'confirmed', value: 'yes' } as const;

export const applicationHref = (jobId: number | string, applicationId: number | string) =>
  `/jobs/${jobId}/applicants/${applicationId}`;

export const rejectConfirmationHref = (jobId: number | string, applicationId: number | string) =>
  `${applicationHref(jobId, applicationId)}/reject`;

/**
 * GET …/applicants/:applicationId/reject: "Reject this application?" as a page of its own.
 * Rejecting is final and tells the applicant, so it takes a second, deliberate step; a page (not
 * window.confirm) asks the same question with or without JavaScript, and Cancel is a plain link
 * back that changes nothing. Only the posting's employer gets here, like the application itself
 * (docs/decisions/0074-job-board-folded-filters-and-confirmed-reject.md).
 */
export async function showRejectConfirmation(c: RouteContext<'/jobs/:id/applicants/:applicationId/reject'>) {
  const jobId = c.req.param('id');
  const applicationId = idParam(c.req.param('applicationId'));
  let found: Awaited<ReturnType<typeof applicationFor>>;
  try {
    if (!applicationId) throw new NotFoundError('No such application.');
    found = await applicationFor(c.get('db'), c.get('user')!.id, applicationId);
  } catch (error) {
    if (error instanceof NotFoundError) return renderPage(c, notFoundPage());
    throw error;
  }
  if (found.role === 'applicant') return c.redirect('/jobs/applications', 303);
  const a = found.application;
  if (String(a.jobId) !== jobId) return renderPage(c, notFoundPage());
  // Already final (rejected or hired): there is nothing to confirm; the application says why.
  if (!canMove(a.status, 'rejected')) return c.redirect(applicationHref(a.jobId, a.id), 303);
  return renderPage(c, {
    meta: {
      title: `Reject the application from ${a.name}?`,
      description: `Confirm rejecting an application to ${a.jobTitle}.`,
      noindex: true,
    },
    body: (
      <>
        <PageHero
          eyebrow={a.jobTitle}
          title={`Reject the application from ${a.name}?`}
          lead={`${a.name} will be told that their application to ${a.jobTitle} was not selected. This cannot be undone.`}
        />
        <div className="page-body job-application">
          <form
            method="post"
            action={`${applicationHref(a.jobId, a.id)}/status`}
            className="job-application__moves"
          >
            <input type="hidden" name="status" value="rejected" />
            <input type="hidden" name={REJECT_CONFIRMED.name} value={REJECT_CONFIRMED.value} />
            <button type="submit" className="button button--danger">
              Reject the application
            </button>
            <a className="button" href={applicationHref(a.jobId, a.id)}>
              Cancel
            </a>
          </form>
        </div>
      </>
    ),
  });
}
