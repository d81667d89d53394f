import { JOBS_PAGE_SIZE } from '../../../api/contract/job-board';
import { employerOf } from '../../../api/modules/job-board/postings';
import { type JobSearchParams, jobSearchParams } from '../../../api/modules/job-board/schema';
import { searchJobs, searchQueryString } from '../../../api/modules/job-board/search';
import { getReferenceLists } from '../../../api/modules/reference-options/service';
import { PageHero } from '../../components/PageHero';
import { SearchResults } from '../../components/SearchResults';
import { optionLabeler } from '../../lib/option-labels';
import { renderPage } from '../../render/render-page';
import type { PageContext } from '../../server/page';
import { JobBoardLinks } from './board-links';
import { JobCard } from './job-card';
import { JobSearchForm } from './search-form';

/** The query string as the search schema reads it (skills repeat: ?skill=a&skill=b). */
export function searchParamsOf(c: PageContext): JobSearchParams {
  return jobSearchParams.parse({ ...c.req.query(), skill: c.req.queries('skill') ?? [] });
}

/** /jobs: the Job Marketplace (docs/product/spec.md §2), searchable by keyword and filters. */
export async function showJobSearch(c: PageContext) {
  const db = c.get('db');
  const user = c.get('user');
  const params = searchParamsOf(c);
  const [lists, result, employer] = await Promise.all([
    getReferenceLists(db),
    searchJobs(db, params),
    user ? employerOf(db, user.id) : null,
  ]);
  const label = optionLabeler(lists);
  const filtersQuery = searchQueryString({ ...params, page: 1, sort: 'newest' });
  const searching = filtersQuery !== '';
  const firstShown = (params.page - 1) * JOBS_PAGE_SIZE + 1;
  const saved = c.req.query('saved') === '1';
  return renderPage(c, {
    meta: {
      title: 'Job Marketplace',
      description:
        'Campaign jobs from candidates, organizations and vendors: field organizers, managers, digital and data roles.',
      canonicalPath: '/jobs',
      // Result pages are endless combinations of filters: only the board itself is indexed.
      noindex: searching || params.page > 1,
    },
    body: (
      <>
        <PageHero
          eyebrow="Jobs"
          title="Job Marketplace"
          lead="Campaign jobs from candidates, organizations and vendors: field, management, digital and data roles, paid and volunteer."
        />
        <div className="people-search job-search">
          <JobSearchForm params={params} lists={lists} />
          <SearchResults
            headingId="jobs-results-heading"
            heading={searching ? 'Matching jobs' : 'Newest jobs'}
            first={firstShown}
            shown={result.jobs.length}
            empty="No open jobs match this search. Remove a filter or try other words."
            listClassName="job-cards"
            page={params.page}
            hasMore={result.hasMore}
            href={(page) => {
              const query = searchQueryString({ ...params, page });
              return query ? `/jobs?${query}` : '/jobs';
            }}
            before={<JobBoardLinks signedIn={Boolean(user)} employer={Boolean(employer)} />}
            notices={
              <>
                {saved && (
                  <p className="notice notice--success" role="status">
                    Search saved. We will email you new matching jobs once a day.
                  </p>
                )}
                {user && searching && (
                  <form method="post" action="/jobs/saved" className="job-search__save">
                    <input type="hidden" name="query" value={filtersQuery} />
                    <button type="submit" className="button button--small">
                      Save this search and email me new matches
                    </button>
                  </form>
                )}
              </>
            }
          >
            {result.jobs.map((job) => (
              <JobCard key={job.id} job={job} label={label} />
            ))}
          </SearchResults>
        </div>
      </>
    ),
  });
}
