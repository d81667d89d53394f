import { JOB_SORTS } from '../../../api/contract/job-board';
import type { ReferenceLists } from '../../../api/contract/reference-options';
import type { JobSearchParams } from '../../../api/modules/job-board/schema';
import { FilterSelects } from '../../components/FilterSelects';

const SORT_LABELS: Record<(typeof JOB_SORTS)[number], string> = {
  newest: 'Newest first',
  relevant: 'Most relevant first',
};

const PAY_OPTIONS = [
  { value: 'paid', label: 'Paid' },
  { value: 'volunteer', label: 'Volunteer' },
];

/** How many of the folded filters differ from their default: the Filters control says so. */
function filtersInUse(params: JobSearchParams): number {
  const used = [
    params.state,
    params.jobtype,
    params.employment,
    params.position,
    params.skill.length > 0,
    params.pay,
    params.payMin,
    params.remote,
    params.sort !== 'newest',
  ];
  return used.filter(Boolean).length;
}

/**
 * /jobs's filters: a GET form, so every search is a URL to share and works without JavaScript.
 * On a phone the nine filters fold behind "Filters" (a <details>, so it opens by click or keyboard
 * with no script), which keeps the first job on the first screen; from 768 px job-board.css shows
 * them open and hides the control (docs/decisions/0074-job-board-folded-filters-and-confirmed-reject.md).
 */
export function JobSearchForm({ params, lists }: { params: JobSearchParams; lists: ReferenceLists }) {
  const inUse = filtersInUse(params);
  return (
    <form
      className="people-search__form job-search__form"
      method="get"
      action="/jobs"
      aria-label="Search jobs"
    >
      <div className="field people-search__query">
        <label htmlFor="jobs-q">Keywords</label>
        <input
          id="jobs-q"
          name="q"
          type="search"
          defaultValue={params.q}
          placeholder="Title, organization or words in the description"
          maxLength={100}
        />
      </div>
      <details className="job-filters" id="jobs-filters">
        <summary className="job-filters__toggle">
          Filters
          {inUse > 0 && <span className="job-filters__count">{` (${inUse} in use)`}</span>}
        </summary>
        <div className="job-filters__fields">
          <FilterSelects
            idPrefix="jobs"
            filters={[
              { name: 'state', label: 'State', value: params.state, options: lists.states ?? [] },
              { name: 'jobtype', label: 'Job type', value: params.jobtype, options: lists.jobtype ?? [] },
              {
                name: 'employment',
                label: 'Employment',
                value: params.employment,
                options: lists.employment ?? [],
              },
              { name: 'position', label: 'Issue', value: params.position, options: lists.position ?? [] },
              { name: 'skill', label: 'Skill', value: params.skill[0], options: lists.skill ?? [] },
              { name: 'pay', label: 'Paid or volunteer', value: params.pay, options: PAY_OPTIONS },
            ]}
          />
          <div className="field">
            <label htmlFor="jobs-paymin">Pay at least (per year, $)</label>
            <input
              id="jobs-paymin"
              name="payMin"
              type="number"
              inputMode="numeric"
              min={1}
              step={1000}
              defaultValue={params.payMin ?? ''}
            />
          </div>
          <div className="field job-search__remote">
            <input
              id="jobs-remote"
              name="remote"
              type="checkbox"
              value="1"
              defaultChecked={params.remote === '1'}
            />
            <label htmlFor="jobs-remote">Remote only</label>
          </div>
          <div className="field">
            <label htmlFor="jobs-sort">Order</label>
            <select id="jobs-sort" name="sort" defaultValue={params.sort}>
              {JOB_SORTS.map((s) => (
                <option key={s} value={s}>
                  {SORT_LABELS[s]}
                </option>
              ))}
            </select>
          </div>
        </div>
      </details>
      <div className="people-search__actions">
        <button type="submit" className="button button--primary">
          Search jobs
        </button>
        <a className="button" href="/jobs">
          Clear
        </a>
      </div>
    </form>
  );
}
