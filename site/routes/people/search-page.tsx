import { ROLE_LABELS, type RoleCode } from '../../../api/contract/person-names';
import { FILTERABLE_ATTRIBUTES } from '../../../api/contract/profile-attributes';
import type { ReferenceOption } from '../../../api/contract/reference-options';
import { searchPeopleWithBadgesCached } from '../../../api/modules/people/cached-search';
import {
  type AdvancedSearchParams,
  advancedSearchParams,
  PEOPLE_PAGE_SIZE,
} from '../../../api/modules/people/schema';
import type { PeopleFilters } from '../../../api/modules/people/search';
import { getReferenceLists } from '../../../api/modules/reference-options/service';
import { PageHero } from '../../components/PageHero';
import { PersonCard } from '../../components/PersonCard';
import { optionLabeler, optionsForList } from '../../lib/option-labels';
import { renderPage } from '../../render/render-page';
import type { Page, PageContext } from '../../server/page';

/**
 * /search, advanced people search: a GET form, so every search is a shareable URL and works
 * without JavaScript. Results come from the same service as the header's search box.
 */
export async function searchPage(c: PageContext): Promise<Page> {
  const params = advancedSearchParams.parse(c.req.query());
  const db = c.get('db');
  const lists = await getReferenceLists(db);
  const label = optionLabeler(lists);
  const filters = filtersOf(params);
  const { people, hasMore, verified } = await searchPeopleWithBadgesCached(db, {
    query: params.q,
    filters,
    viewerId: c.get('user')?.id ?? null,
    limit: PEOPLE_PAGE_SIZE,
    offset: (params.page - 1) * PEOPLE_PAGE_SIZE,
  });
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
            <SelectField
              id="search-state"
              name="state"
              label="State"
              value={params.state}
              options={lists.states ?? []}
            />
            <SelectField
              id="search-role"
              name="role"
              label="Account kind"
              value={params.role === undefined ? undefined : String(params.role)}
              options={Object.entries(ROLE_LABELS).map(([value, text]) => ({ value, label: text }))}
            />
            <SelectField
              id="search-party"
              name="party"
              label="Party"
              value={params.party}
              options={lists.party ?? []}
            />
            <SelectField
              id="search-position"
              name="position"
              label="Main issue"
              value={params.position}
              options={lists.position ?? []}
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
          </form>

          <section className="people-search__results" aria-labelledby="results-heading">
            <h2 id="results-heading">
              {searching ? 'Results' : 'Newest members'}
              {people.length > 0 && (
                <span className="people-search__range">
                  {' '}
                  {first}–{first + people.length - 1}
                </span>
              )}
            </h2>
            {people.length === 0 ? (
              <p className="people-search__empty" role="status">
                No people match this search. Check the spelling or remove a filter.
              </p>
            ) : (
              <ul className="person-cards">
                {people.map((person) => (
                  <PersonCard
                    key={person.id}
                    person={person}
                    label={label}
                    verified={verified.has(person.id)}
                  />
                ))}
              </ul>
            )}
            <Pagination params={params} hasMore={hasMore} />
          </section>
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

function SelectField(props: {
  id: string;
  name: string;
  label: string;
  value?: string;
  options: ReferenceOption[];
}) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <select id={props.id} name={props.name} defaultValue={props.value ?? ''}>
        <option value="">Any</option>
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Previous / next links that keep every filter, so page 3 of a search is a URL like any other. */
function Pagination({ params, hasMore }: { params: AdvancedSearchParams; hasMore: boolean }) {
  if (params.page === 1 && !hasMore) return null;
  const href = (page: number) => {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries({ ...params, page })) {
      if (value !== undefined && value !== '' && !(key === 'page' && value === 1))
        query.set(key, String(value));
    }
    const text = query.toString();
    return text ? `/search?${text}` : '/search';
  };
  return (
    <nav className="pagination" aria-label="Result pages">
      {params.page > 1 && (
        <a className="button" href={href(params.page - 1)} rel="prev">
          Previous
        </a>
      )}
      <span>Page {params.page}</span>
      {hasMore && (
        <a className="button" href={href(params.page + 1)} rel="next">
          Next
        </a>
      )}
    </nav>
  );
}

/** /search: the people directory, filtered by the query string. */
export async function showSearch(c: PageContext) {
  return renderPage(c, await searchPage(c));
}
