/**
 * The job board's words (docs/product/rulings.md "Jobs", docs/decisions/0028-job-board.md): application
 * statuses and the moves between them, the limits of a posting and an application, and the view
 * shapes pages and islands show. (api/contract/queue.ts is the background job queue, not this.)
 */

export const APPLICATION_STATUSES = ['submitted', 'viewed', 'shortlisted', 'rejected', 'hired'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  submitted: 'Submitted',
  viewed: 'Viewed by the employer',
  shortlisted: 'Shortlisted',
  rejected: 'Not selected',
  hired: 'Hired',
};

/**
 * Where an application may go from each status. 'viewed' is reached only by the employer opening
 * the application; rejected and hired are final. The service enforces the same table in SQL.
 */
export const APPLICATION_MOVES: Record<ApplicationStatus, readonly ApplicationStatus[]> = {
  submitted: ['viewed', 'shortlisted', 'rejected'],
  viewed: ['shortlisted', 'rejected', 'hired'],
  shortlisted: ['rejected', 'hired'],
  rejected: [],
  hired: [],
};

/** The moves an employer makes by hand (the buttons of the applicants page). */
export const EMPLOYER_MOVES = ['shortlisted', 'rejected', 'hired'] as const;
export type EmployerMove = (typeof EMPLOYER_MOVES)[number];

export const EMPLOYER_MOVE_LABELS: Record<EmployerMove, string> = {
  shortlisted: 'Shortlist',
  rejected: 'Reject',
  hired: 'Hire',
};

export function canMove(from: ApplicationStatus, to: ApplicationStatus): boolean {
  return APPLICATION_MOVES[from].includes(to);
}

/**
 * Why a member may not post (docs/product/rulings.md "Jobs"): the refusal of a post, and the
 * sentence pages show in place of "Post a job" to a member who may not.
 */
export const WHO_MAY_POST_JOBS = 'Only organizations, candidates and vendors can post jobs.';

export const COVER_NOTE_MAX = 2000;
export const JOB_TITLE_MAX = 120;
export const JOB_DESCRIPTION_MAX = 10_000;
export const JOB_SKILLS_MAX = 10;
export const JOBS_PAGE_SIZE = 20;
export const SAVED_SEARCHES_MAX = 10;

/** Pay is a range per hour or per year; a posting without pay is a volunteer role. */
export const PAY_UNITS = ['YEAR', 'HOUR'] as const;
export type PayUnit = (typeof PAY_UNITS)[number];
export const PAY_UNIT_LABELS: Record<PayUnit, string> = { YEAR: 'per year', HOUR: 'per hour' };

export const JOB_SORTS = ['newest', 'relevant'] as const;
export type JobSort = (typeof JOB_SORTS)[number];

/** An application as its applicant sees it on "My applications". */
export interface MyApplicationView {
  id: number;
  jobId: number;
  jobTitle: string;
  organization: string;
  status: ApplicationStatus;
  appliedAt: string;
  updatedAt: string;
  jobOpen: boolean;
}
