import { NotFoundError } from '../../../modules/errors';
import {
  applyToJob,
  listApplicants,
  moveApplication,
  myApplications,
} from '../../../modules/job-board/applications';
import { closeJob, editJob, postJob } from '../../../modules/job-board/postings';
import { reportJob } from '../../../modules/job-board/reports';
import { deleteSavedSearch, listSavedSearches, saveSearch } from '../../../modules/job-board/saved-searches';
import {
  applyInput,
  editJobPostingInput,
  jobIdInput,
  jobPostingInput,
  jobSearchParams,
  moveApplicationInput,
  reportJobInput,
  savedSearchIdInput,
} from '../../../modules/job-board/schema';
import { searchJobs } from '../../../modules/job-board/search';
import { loadJob } from '../../../modules/job-board/views';
import { router } from '../init';
import { memberProcedure, publicProcedure } from '../procedures';

/**
 * The job board (docs/decisions/0028-job-board.md): the same services as the /jobs pages' forms. Every
 * application procedure works from the session member's side: the employer of the posting or the
 * applicant, never anyone else.
 */
export const jobBoardRouter = router({
  search: publicProcedure.input(jobSearchParams).query(({ ctx, input }) => searchJobs(ctx.db, input)),
  posting: publicProcedure.input(jobIdInput).query(async ({ ctx, input }) => {
    const job = await loadJob(ctx.db, input.jobId);
    if (!job) throw new NotFoundError('This job posting does not exist.');
    return job;
  }),
  post: memberProcedure
    .input(jobPostingInput)
    .mutation(({ ctx, input }) => postJob(ctx.db, ctx.user.id, input)),
  edit: memberProcedure
    .input(editJobPostingInput)
    .mutation(({ ctx, input }) => editJob(ctx.db, ctx.user.id, input.jobId, input.posting)),
  close: memberProcedure
    .input(jobIdInput)
    .mutation(({ ctx, input }) => closeJob(ctx.db, ctx.user.id, input.jobId)),
  applyTo: memberProcedure
    .input(applyInput)
    .mutation(({ ctx, input }) => applyToJob(ctx.db, ctx.realtime, ctx.user.id, input)),
  myApplications: memberProcedure.query(({ ctx }) => myApplications(ctx.db, ctx.user.id)),
  applicants: memberProcedure
    .input(jobIdInput)
    .query(({ ctx, input }) => listApplicants(ctx.db, ctx.user.id, input.jobId)),
  moveApplication: memberProcedure
    .input(moveApplicationInput)
    .mutation(({ ctx, input }) =>
      moveApplication(ctx.db, ctx.realtime, ctx.user.id, input.applicationId, input.status),
    ),
  saveSearch: memberProcedure
    .input(jobSearchParams)
    .mutation(({ ctx, input }) => saveSearch(ctx.db, ctx.user.id, input)),
  savedSearches: memberProcedure.query(({ ctx }) => listSavedSearches(ctx.db, ctx.user.id)),
  deleteSavedSearch: memberProcedure
    .input(savedSearchIdInput)
    .mutation(({ ctx, input }) => deleteSavedSearch(ctx.db, ctx.user.id, input.id)),
  report: memberProcedure
    .input(reportJobInput)
    .mutation(({ ctx, input }) => reportJob(ctx.db, ctx.user.id, input)),
});
