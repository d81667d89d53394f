import { dollars } from '../../../api/contract/money';
import {
  candidateOffices,
  RANKING_SORTS,
  type RankingQuery,
  rankCandidates,
  rankingQuery,
} from '../../../api/modules/candidate-ranking/ranking';
import { getReferenceLists } from '../../../api/modules/reference-options/service';
import { PageHero } from '../../components/PageHero';
import { ScrollingTable } from '../../components/ScrollingTable';
import { optionLabeler } from '../../lib/option-labels';
import { renderPage } from '../../render/render-page';
import type { PageContext } from '../../server/page';

const SORT_LABELS = {
  supporters: 'Supporters',
  donations: 'Donations',
  endorsements: 'Endorsements',
} as const;

/** The same filters with another page number: the links keep the query, so they are shareable. */
function pageHref(query: RankingQuery, page: number) {
  const params = new URLSearchParams();
  if (query.office) params.set('office', query.office);
  if (query.state) params.set('state', query.state);
  params.set('sort', query.sort);
  params.set('page', String(page));
  return `/candidate-ranking?${params}`;
}

/**
 * /candidate-ranking (docs/decisions/0033-social.md): a GET form and a server-rendered table, so it works
 * and is fast without JavaScript; the page depends only on its URL, the same for every visitor.
 */
export async function showRanking(c: PageContext) {
  const db = c.get('db');
  const query = rankingQuery.parse({
    office: c.req.query('office'),
    state: c.req.query('state'),
    sort: c.req.query('sort'),
    page: c.req.query('page'),
  });
  const [{ rows, hasMore }, offices, lists] = await Promise.all([
    rankCandidates(db, query),
    candidateOffices(db),
    getReferenceLists(db),
  ]);
  const label = optionLabeler(lists);
  return renderPage(c, {
    meta: {
      title: 'Candidate ranking',
      description: 'Candidates ranked by supporters, donations and endorsements, by office and state.',
    },
    body: (
      <>
        <PageHero
          eyebrow="Candidates"
          title="Candidate ranking"
          lead="Candidates ranked by supporters (followers), donations and endorsements."
        />
        <div className="ranking">
          <form
            method="get"
            action="/candidate-ranking"
            className="ranking__filters"
            aria-label="Filter the ranking"
          >
            <div>
              <label htmlFor="ranking-office">Office</label>
              <select id="ranking-office" name="office" defaultValue={query.office ?? ''}>
                <option value="">All offices</option>
                {offices.map((office) => (
                  <option key={office} value={office}>
                    {office}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="ranking-state">State</label>
              <select id="ranking-state" name="state" defaultValue={query.state ?? ''}>
                <option value="">All states</option>
                {(lists.states ?? []).map((s) => (
                  <option key={s.value} value={s.value}>
                    {s.label}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="ranking-sort">Rank by</label>
              <select id="ranking-sort" name="sort" defaultValue={query.sort}>
                {RANKING_SORTS.map((sort) => (
                  <option key={sort} value={sort}>
                    {SORT_LABELS[sort]}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="button button--primary">
              Show ranking
            </button>
          </form>
          {rows.length === 0 ? (
            <p role="status">No candidates match these filters.</p>
          ) : (
            <ScrollingTable
              caption={`Ranked by ${SORT_LABELS[query.sort].toLowerCase()}`}
              className="ranking__table"
            >
              <thead>
                <tr>
                  <th scope="col">Rank</th>
                  <th scope="col">Candidate</th>
                  <th scope="col">Office</th>
                  <th scope="col">State</th>
                  <th scope="col">Supporters</th>
                  <th scope="col">Donations</th>
                  <th scope="col">Endorsements</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.id}>
                    <td>{r.rank}</td>
                    <th scope="row">
                      <a href={r.path}>{r.name}</a>
                      {r.party && <span className="ranking__party"> ({label('party', r.party)})</span>}
                    </th>
                    <td>
                      {r.office ?? '—'}
                      {r.district && ` (${r.district})`}
                    </td>
                    <td>{r.state ? label('states', r.state) : '—'}</td>
                    <td>{r.supporters.toLocaleString('en-US')}</td>
                    <td>{dollars(r.donatedCents)}</td>
                    <td>{r.endorsements.toLocaleString('en-US')}</td>
                  </tr>
                ))}
              </tbody>
            </ScrollingTable>
          )}
          <nav className="ranking__pages" aria-label="Ranking pages">
            {query.page > 1 && <a href={pageHref(query, query.page - 1)}>Previous page</a>}
            {hasMore && <a href={pageHref(query, query.page + 1)}>Next page</a>}
          </nav>
        </div>
      </>
    ),
  });
}
