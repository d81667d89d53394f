import type { Hono } from 'hono';
import type { AppEnv } from '../../../api/middleware/app-env';
import { signedInOnly } from '../../server/guard-page';
import { moveFromForm, showApplicants, showApplication } from './applicant-pages';
import { applyFromForm, reportFromForm, showJob } from './job-page';
import {
  deleteSavedSearchFromForm,
  saveSearchFromForm,
  showMyApplications,
  showSavedSearches,
} from './member-pages';
import {
  closeFromForm,
  showEditJob,
  showMyPostings,
  showNewJob,
  submitEditJob,
  submitNewJob,
} from './posting-pages';
import { showRejectConfirmation } from './reject-confirmation';
import { showJobSearch } from './search-page';

/** A posting's id in the path: digits only, so /jobs/new and /jobs/saved never read as one. */
const ID = ':id{[0-9]+}';

/**
 * The Job Marketplace (docs/decisions/0028-job-board.md), every page a plain form or link so it works without
 * JavaScript. /jobs and a posting's page are public; the rest is for signed-in members, and the
 * applicant pages answer only the posting's employer (checked by the service under each page).
 */
export function registerJobBoardRoutes(app: Hono<AppEnv>) {
  app.get('/jobs', showJobSearch);
  app.get('/jobs/new', signedInOnly, showNewJob);
  app.post('/jobs/new', signedInOnly, submitNewJob);
  app.get('/jobs/mine', signedInOnly, showMyPostings);
  app.get('/jobs/applications', signedInOnly, showMyApplications);
  app.get('/jobs/saved', signedInOnly, showSavedSearches);
  app.post('/jobs/saved', signedInOnly, saveSearchFromForm);
  app.post('/jobs/saved/:id{[0-9]+}/delete', signedInOnly, deleteSavedSearchFromForm);
  app.get(`/jobs/${ID}`, showJob);
  app.post(`/jobs/${ID}/apply`, applyFromForm);
  app.post(`/jobs/${ID}/report`, reportFromForm);
  app.get(`/jobs/${ID}/edit`, signedInOnly, showEditJob);
  app.post(`/jobs/${ID}/edit`, signedInOnly, submitEditJob);
  app.post(`/jobs/${ID}/close`, signedInOnly, closeFromForm);
  app.get(`/jobs/${ID}/applicants`, signedInOnly, showApplicants);
  app.get(`/jobs/${ID}/applicants/:applicationId{[0-9]+}`, signedInOnly, showApplication);
  app.get(`/jobs/${ID}/applicants/:applicationId{[0-9]+}/reject`, signedInOnly, showRejectConfirmation);
  app.post(`/jobs/${ID}/applicants/:applicationId{[0-9]+}/status`, signedInOnly, moveFromForm);
}
