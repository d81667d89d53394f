import type { Context } from 'hono';
import { dollars } from '../../../api/contract/money';
import { SUPPORTERS_PER_PAGE } from '../../../api/contract/supporters';
import type { AppEnv } from '../../../api/middleware/app-env';
import { countSupporters, type SupporterPage, supporterPage } from '../../../api/modules/supporters/list';
import { savedLists } from '../../../api/modules/supporters/saved-lists';
import { campaignTags } from '../../../api/modules/supporters/tags';
import type { CampaignSeat } from '../../../api/modules/supporters/team';
import { DataTable } from '../../components/DataTable';
import { renderPage } from '../../render/render-page';
import { formSection, SectionForm, SectionInput, TitledSection } from '../../server/form-section';
import { FilterForm } from './FilterForm';
import { type ListQuery, listHref, readListQuery } from './list-query';
import { SupportersPage, shortDay } from './SupportersPage';

/** What a refused "save this list" post shows again. */
export interface ListPageState {
  notice?: string;
  saveErrors?: Record<string, string[]>;
  saveName?: string;
}

export const LIST_NOTICES: Record<string, string> = {
  deleted: 'The saved list is deleted.',
};

const count = (n: number) => n.toLocaleString('en-US');

/**
 * /supporters/:ownerId (docs/decisions/0100-supporters.md): the campaign's people, filtered and
 * sorted by the GET form, in keyset pages of 50 with previous and next; the CSV of the same view;
 * the view saved as a named list; the saved lists. A refused filter shows its errors and no rows.
 */
export async function supporterListPage(
  c: Context<AppEnv>,
  seat: CampaignSeat,
  state: ListPageState = {},
  status = 200,
) {
  const db = c.get('db');
  const query = readListQuery(c, seat.ownerId);
  const refused = Boolean(query.errors);
  const [page, total, tags, lists] = await Promise.all([
    refused
      ? null
      : supporterPage(db, seat.ownerId, query.view, { after: query.after, before: query.before }),
    refused ? null : countSupporters(db, seat.ownerId, query.view.filter),
    campaignTags(db, seat.ownerId),
    savedLists(db, seat.ownerId),
  ]);
  const base = `/supporters/${seat.ownerId}`;
  const saveForm = formSection(
    {
      section: state.saveErrors ? 'save' : undefined,
      errors: state.saveErrors,
      values: { name: state.saveName ?? '' },
    },
    'save',
    'save-list',
  );
  return renderPage(c, {
    status: refused ? 400 : status,
    meta: { title: 'Supporters', description: 'The campaign’s people.', noindex: true },
    body: (
      <SupportersPage seat={seat} title="Supporters" notice={state.notice}>
        <TitledSection headingId="supporter-filters-heading" title="Find supporters">
          <FilterForm action={base} query={query} tags={tags} />
        </TitledSection>
        <TitledSection headingId="supporter-list-heading" title="Supporters">
          {refused || !page || !total ? (
            <p className="notice notice--error" role="alert">
              Correct the filters above to see supporters.
            </p>
          ) : (
            <SupporterTable c={c} seat={seat} query={query} page={page} total={total} />
          )}
        </TitledSection>
        {!refused && (
          <TitledSection headingId="save-list-heading" title="Save this view as a list">
            <p>A saved list keeps these filters; it always holds the supporters who match them today.</p>
            <SectionForm form={saveForm} action={`${base}/lists`} noValidate>
              {Object.entries(query.typed).map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
              <SectionInput form={saveForm} name="name" label="List name" required />
              <button type="submit" className="button button--primary">
                Save list
              </button>
            </SectionForm>
          </TitledSection>
        )}
        <TitledSection headingId="saved-lists-heading" title="Saved lists">
          {lists.length === 0 ? (
            <p>No saved lists yet.</p>
          ) : (
            <ul data-testid="saved-lists">
              {lists.map((l) => (
                <li key={l.id}>
                  <a href={`${base}/lists/${l.id}`}>{l.name}</a>
                </li>
              ))}
            </ul>
          )}
        </TitledSection>
      </SupportersPage>
    ),
  });
}

function SupporterTable({
  c,
  seat,
  query,
  page,
  total,
}: {
  c: Context<AppEnv>;
  seat: CampaignSeat;
  query: ListQuery;
  page: SupporterPage;
  total: { total: number; estimated: boolean };
}) {
  const base = `/supporters/${seat.ownerId}`;
  const csv = listHref(c, seat.ownerId, query, undefined, `${base}/supporters.csv`);
  // Going forwards, a full page may have a next one; going backwards, a full page a previous one.
  const full = page.rows.length === SUPPORTERS_PER_PAGE;
  const hasPrevious = query.after ? true : Boolean(query.before) && full;
  const hasNext = query.before ? true : full;
  return (
    <>
      <p data-testid="supporter-count">
        {`${total.estimated ? 'About ' : ''}${count(total.total)} ${total.total === 1 ? 'supporter' : 'supporters'}. `}
        <a href={csv}>Download this view as CSV</a>
      </p>
      <DataTable
        testId="supporter-list"
        caption="Supporters"
        headings={[
          'Name',
          'State',
          'ZIP',
          'Gave',
          'Monthly',
          'First gift',
          'Last gift',
          'Events',
          'Follows',
          'Tags',
        ]}
        rows={page.rows}
        rowKey={(r) => r.id}
        cells={(r) => [
          <a key="name" href={`${base}/people/${r.id}`}>
            {r.name || 'Unnamed'}
          </a>,
          r.state ?? '—',
          r.zip5 ?? '—',
          `${dollars(Number(r.gave_cents))} (${count(r.gifts)})`,
          r.monthly_cents > 0 ? dollars(r.monthly_cents) : '—',
          shortDay(r.first_gift_at),
          shortDay(r.last_gift_at),
          count(r.events),
          r.follows ? 'Yes' : 'No',
          r.tags.join(', ') || '—',
        ]}
        empty="No supporters match these filters."
      />
      {(hasPrevious || hasNext) && (
        <nav className="pagination" aria-label="Supporter pages">
          {hasPrevious && page.first && (
            <a className="button" rel="prev" href={listHref(c, seat.ownerId, query, { before: page.first })}>
              Previous
            </a>
          )}
          {hasNext && page.last && (
            <a className="button" rel="next" href={listHref(c, seat.ownerId, query, { after: page.last })}>
              Next
            </a>
          )}
        </nav>
      )}
    </>
  );
}
