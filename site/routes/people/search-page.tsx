import { carriesSessionCookie } from '../../../api/auth/cookies';
import { ROLE_LABELS, type RoleCode } from '../../../api/contract/person-names';
import { FILTERABLE_ATTRIBUTES } from '../../../api/contract/profile-attributes';
import type { ReferenceLists } from '../../../api/contract/reference-options';
import { SEARCH_CACHE_TTL_MS, searchPeopleWithBadgesCached } from '../../../api/modules/people/cached-search';
import {
  type AdvancedSearchParams,
  advancedSearchParams,
  PEOPLE_PAGE_SIZE,
} from '../../../api/modules/people/schema';
import type { PeopleFilters } from '../../../api/modules/people/search';
import { getReferenceLists } from '../../../api/modules/reference-options/service';
import { FilterSelects } from '../../components/FilterSelects';
import { PageHero } from '../../components/PageHero';
import { PersonCard } from '../../components/PersonCard';
import { SearchResults } from '../../components/SearchResults';
import { optionLabeler, optionsForList } from '../../lib/option-labels';
import { renderPage } from '../../render/render-page';
import type { Page, PageContext } from '../../server/page';

/**
 * /search, advanced people search: a GET form, so every search is a shareable URL and works
 * without JavaScript. Results come from the same service as the header's search box.
 */
async function loadSearch(c: PageContext) {
  const params = advancedSearchParams.parse(c.req.query());
  const db = c.get('db');
  const lists = await getReferenceLists(db);
  const filters = filtersOf(params);
  const results = await searchPeopleWithBadgesCached(db, {
    query: params.q,
    filters,
    viewerId: c.get('user')?.id ?? null,
    limit: PEOPLE_PAGE_SIZE,
    offset: (params.page - 1) * PEOPLE_PAGE_SIZE,
  });
  return { params, lists, filters, results };
}

function searchPage({ params, lists, filters, results }: Awaited<ReturnType<typeof loadSearch>>): Page {
  const label = optionLabeler(lists);
  const { people, hasMore, verified } = results;
  const searching = params.q.trim() !== '' || Object.keys(filters).length > 0;
  const first = (params.page - 1) * PEOPLE_PAGE_SIZE + 1;

  return {
    meta: {
      title: 'Advanced people search',
      description:
        'Find candidates, activists and organizations on Campaign HQ by name, state, party, issue and more.',
      canonicalPath: '/search',
      // Result pages are endless combinations of filters: only the form page itself is indexed.
      noindex: searching,
    },
    body: (
      <>
        <PageHero
          eyebrow="People"
          title="Advanced people search"
          lead="Find candidates, activists and organizations by name, place and the issues they care about."
        />
        <div className="people-search">
          <form className="people-search__form" method="get" action="/search" aria-label="Search people">
            <div className="field people-search__query">
              <label htmlFor="search-q">Name</label>
              <input
                id="search-q"
                name="q"
                type="search"
                defaultValue={params.q}
                placeholder="First name, last name or organization"
                autoComplete="off"
                maxLength={100}
              />
            </div>
            <div className="people-search__filters">
              <SearchFilters params={params} lists={lists} searching={searching} />
            </div>
          </form>

          <SearchResults
            headingId="results-heading"
            heading={searching ? 'Results' : 'Newest members'}
            first={first}
            shown={people.length}
            empty="No people match this search. Check the spelling or remove a filter."
            listClassName="person-cards"
            page={params.page}
            hasMore={hasMore}
            href={(page) => searchHref({ ...params, page })}
          >
            {people.map((person) => (
              <PersonCard key={person.id} person={person} label={label} verified={verified.has(person.id)} />
            ))}
          </SearchResults>
        </div>
      </>
    ),
  };
}

function filtersOf(params: AdvancedSearchParams): PeopleFilters {
  const filters: PeopleFilters = {};
  if (params.state) filters.state = params.state;
  if (params.role !== undefined) filters.role = params.role as RoleCode;
  if (params.party) filters.party = params.party;
  if (params.position) filters.position = params.position;
  if (params.more) {
    const [key, value] = params.more.split(':') as [string, string];
    filters.attributes = { [key]: value };
  }
  return filters;
}

/** /search with these parameters: empty values and page 1 are left out, so page 3 of a search is a URL like any other. */
function searchHref(params: AdvancedSearchParams): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '' && !(key === 'page' && value === 1))
      query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `/search?${text}` : '/search';
}

const ROLE_OPTIONS = Object.entries(ROLE_LABELS).map(([value, text]) => ({ value, label: text }));

/** The filters' labels and <select>s and the form's buttons. */
function SearchFilters({
  params,
  lists,
  searching,
}: {
  params: AdvancedSearchParams;
  lists: ReferenceLists;
  searching: boolean;
}) {
  const roleValue = params.role === undefined ? undefined : String(params.role);
  return (
    <>
      <FilterSelects
        idPrefix="search"
        filters={[
          { name: 'state', label: 'State', value: params.state, options: lists.states ?? [] },
          { name: 'role', label: 'Account kind', value: roleValue, options: ROLE_OPTIONS },
          { name: 'party', label: 'Party', value: params.party, options: lists.party ?? [] },
          { name: 'position', label: 'Main issue', value: params.position, options: lists.position ?? [] },
        ]}
      />
      <div className="field">
        <label htmlFor="search-more">More</label>
        <select id="search-more" name="more" defaultValue={params.more ?? ''}>
          <option value="">Any</option>
          {FILTERABLE_ATTRIBUTES.map((a) => (
            <optgroup key={a.key} label={a.label}>
              {optionsForList(lists, a.list).map((o) => (
                <option key={o.value} value={`${a.key}:${o.value}`}>
                  {o.label}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      <div className="people-search__actions">
        <button type="submit" className="button button--primary">
          Search
        </button>
        {searching && (
          <a className="button" href="/search">
            Clear
          </a>
        )}
      </div>
    </>
  );
}

/**
 * A visitor's search may be answered by a CDN for as long as the result cache answers it here, so
 * a popular search costs the app one request per edge every few seconds. Browsers revalidate
 * (max-age=0). A renamed or blocked person can then show to visitors for up to twice the result
 * cache's bound (its entry, then the CDN's copy): 10 s. A request with a session cookie, even one
 * no longer valid (its answer clears it), is answered private, as on every other page.
 */
const VISITOR_SEARCH_CACHE_CONTROL = `public, max-age=0, s-maxage=${SEARCH_CACHE_TTL_MS / 1000}`;

/** /search: the people directory, filtered by the query string. */
export async function showSearch(c: PageContext) {
  const page = searchPage(await loadSearch(c));
  if (c.get('user') === null) {
    // Otherwise marked private by the session middleware.
    if (!carriesSessionCookie(c)) c.header('Cache-Control', VISITOR_SEARCH_CACHE_CONTROL);
    c.header('Vary', 'Cookie');
  }
  return renderPage(c, page);
}
