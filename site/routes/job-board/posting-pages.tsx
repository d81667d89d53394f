import { WHO_MAY_POST_JOBS } from '../../../api/contract/job-board';
import {
  closeJob,
  editJob,
  employerOf,
  openPostingCount,
  postJob,
} from '../../../api/modules/job-board/postings';
import { jobPostingInput } from '../../../api/modules/job-board/schema';
import { employerPostings } from '../../../api/modules/job-board/views';
import { entitlementsOf } from '../../../api/modules/membership/entitlements';
import { getReferenceLists } from '../../../api/modules/reference-options/service';
import { PageHero } from '../../components/PageHero';
import { ScrollingTable } from '../../components/ScrollingTable';
import { notFoundPage } from '../../render/error-pages';
import { renderPage } from '../../render/render-page';
import type { PageContext, RouteContext } from '../../server/page';
import { domainFailure, type FormFailure, ownJob, postedFields, zodFailure } from './form-results';
import { dayText } from './job-format';
import {
  inputFromValues,
  PostingForm,
  type PostingValues,
  valuesFromForm,
  valuesFromJob,
} from './posting-form';

/** /jobs/new and /jobs/:id/edit: the form, with the employer's allowance of open postings. */
async function postingPage(
  c: PageContext,
  mode: { kind: 'new' } | { kind: 'edit'; jobId: number },
  values: PostingValues,
  failure: FormFailure | null = null,
) {
  const db = c.get('db');
  const user = c.get('user')!;
  const employer = await employerOf(db, user.id);
  const title = mode.kind === 'new' ? 'Post a job' : 'Edit your job posting';
  if (!employer) {
    return renderPage(c, {
      status: 403,
      meta: { title, description: WHO_MAY_POST_JOBS, noindex: true },
      body: (
        <>
          <PageHero eyebrow="Jobs" title={title} lead={WHO_MAY_POST_JOBS} />
          <div className="page-body">
            <p>
              <a href="/jobs">Browse jobs</a> to find one to apply to.
            </p>
          </div>
        </>
      ),
    });
  }
  const [lists, allowance, open] = await Promise.all([
    getReferenceLists(db),
    entitlementsOf(db, user.id),
    openPostingCount(db, user.id),
  ]);
  return renderPage(c, {
    status: failure?.status,
    meta: { title, description: 'Post a campaign job on Campaign HQ.', noindex: true },
    body: (
      <>
        <PageHero
          eyebrow="Jobs"
          title={title}
          lead={`Your ${allowance.tierName} membership allows ${allowance.openJobPosts} open ${allowance.openJobPosts === 1 ? 'posting' : 'postings'} at a time; you have ${open} open.`}
        />
        <div className="page-body job-posting">
          <PostingForm
            action={mode.kind === 'new' ? '/jobs/new' : `/jobs/${mode.jobId}/edit`}
            submitLabel={mode.kind === 'new' ? 'Post the job' : 'Save changes'}
            lists={lists}
            values={values}
            errors={failure?.errors ?? {}}
            formError={failure?.formError}
          />
        </div>
      </>
    ),
  });
}

export async function showNewJob(c: PageContext) {
  const user = c.get('user')!;
  const employer = await employerOf(c.get('db'), user.id);
  return postingPage(
    c,
    { kind: 'new' },
    { fields: { organization: employer?.name ?? '', payUnit: 'YEAR' }, skills: [] },
  );
}

export async function submitNewJob(c: PageContext) {
  const user = c.get('user')!;
  const values = valuesFromForm(await postedFields(c));
  const parsed = jobPostingInput.safeParse(inputFromValues(values));
  if (!parsed.success) return postingPage(c, { kind: 'new' }, values, zodFailure(parsed.error));
  try {
    const { id } = await postJob(c.get('db'), user.id, parsed.data);
    return c.redirect(`/jobs/${id}?done=posted`, 303);
  } catch (error) {
    const failure = domainFailure(error);
    if (!failure) throw error;
    return postingPage(c, { kind: 'new' }, values, failure);
  }
}

export async function showEditJob(c: RouteContext<'/jobs/:id/edit'>) {
  const job = await ownJob(c, c.req.param('id'));
  if (!job) return renderPage(c, notFoundPage());
  if (!job.open) return c.redirect(`/jobs/${job.id}`, 303);
  return postingPage(c, { kind: 'edit', jobId: job.id }, valuesFromJob(job));
}

export async function submitEditJob(c: RouteContext<'/jobs/:id/edit'>) {
  const job = await ownJob(c, c.req.param('id'));
  if (!job) return renderPage(c, notFoundPage());
  const values = valuesFromForm(await postedFields(c));
  const mode = { kind: 'edit', jobId: job.id } as const;
  const parsed = jobPostingInput.safeParse(inputFromValues(values));
  if (!parsed.success) return postingPage(c, mode, values, zodFailure(parsed.error));
  try {
    await editJob(c.get('db'), c.get('user')!.id, job.id, parsed.data);
    return c.redirect(`/jobs/${job.id}?done=saved`, 303);
  } catch (error) {
    const failure = domainFailure(error);
    if (!failure) throw error;
    return postingPage(c, mode, values, failure);
  }
}

export async function closeFromForm(c: RouteContext<'/jobs/:id/close'>) {
  const job = await ownJob(c, c.req.param('id'));
  if (!job) return renderPage(c, notFoundPage());
  await closeJob(c.get('db'), c.get('user')!.id, job.id);
  return c.redirect(`/jobs/${job.id}?done=closed`, 303);
}

/**
 * /jobs/mine: the employer's postings with their applicants. "Post a job" is offered only to a
 * member who may post; anyone else is told why instead of being sent to a 403.
 */
export async function showMyPostings(c: PageContext) {
  const db = c.get('db');
  const user = c.get('user')!;
  const [postings, employer] = await Promise.all([employerPostings(db, user.id), employerOf(db, user.id)]);
  return renderPage(c, {
    meta: { title: 'My job postings', description: 'The jobs you posted and who applied.', noindex: true },
    body: (
      <>
        <PageHero eyebrow="Jobs" title="My job postings" lead="The jobs you posted and who applied." />
        <div className="page-body">
          {employer ? (
            <p>
              <a className="button button--primary" href="/jobs/new">
                Post a job
              </a>
            </p>
          ) : (
            <p className="notice">
              {WHO_MAY_POST_JOBS} <a href="/jobs">Browse jobs</a> to find one to apply to.
            </p>
          )}
          {postings.length === 0 ? (
            <p role="status">You have not posted a job yet.</p>
          ) : (
            <ScrollingTable caption="Your job postings" className="data-table" captionHidden>
              <thead>
                <tr>
                  <th scope="col">Job</th>
                  <th scope="col">Status</th>
                  <th scope="col">Closes</th>
                  <th scope="col">Applicants</th>
                </tr>
              </thead>
              <tbody>
                {postings.map((p) => (
                  <tr key={p.id}>
                    <th scope="row">
                      <a href={`/jobs/${p.id}`}>{p.title}</a>
                    </th>
                    <td>{p.open ? 'Open' : 'Closed'}</td>
                    <td>{dayText(p.closesOn)}</td>
                    <td>
                      <a href={`/jobs/${p.id}/applicants`}>
                        {p.applicants} {p.applicants === 1 ? 'applicant' : 'applicants'}
                        {p.unread > 0 ? ` (${p.unread} new)` : ''}
                      </a>
                    </td>
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
