import simpleRestProvider from 'ra-data-simple-rest';
import { type DataProvider, fetchUtils, type GetListParams } from 'react-admin';
import { KeysetCursors } from './keyset-cursors';

/** The REST API's base path; also used to build CSV export links. */
export const REST_URL = '/api/admin/rest';

const base = simpleRestProvider(REST_URL);
const cursors = new KeysetCursors();

/** What a list's answer says beyond its rows, read by ConsolePagination from the list's `meta`. */
export interface ListMeta {
  /** The total is the planner's estimate (a list of more than EXACT_COUNT_LIMIT rows). */
  totalEstimated: boolean;
}

/**
 * ra-data-simple-rest's getList request, plus the keyset cursor of a neighbouring page already
 * seen (`after`/`before`; docs/decisions/0036-console-lists-at-scale.md), and the total's
 * "estimated" flag in `meta`. The URL, `range` and Content-Range are simple-rest's own.
 */
async function getList(resource: string, params: GetListParams) {
  const { page, perPage } = params.pagination ?? { page: 1, perPage: 10 };
  const { field, order } = params.sort ?? { field: 'id', order: 'ASC' };
  const start = (page - 1) * perPage;
  const list = JSON.stringify([resource, field, order, params.filter, perPage]);
  const query = new URLSearchParams({
    sort: JSON.stringify([field, order]),
    range: JSON.stringify([start, start + perPage - 1]),
    filter: JSON.stringify(params.filter ?? {}),
  });
  for (const [key, value] of Object.entries(cursors.cursorFor(list, start, perPage) ?? {})) {
    query.set(key, value);
  }
  const { headers, json } = await fetchUtils.fetchJson(`${REST_URL}/${resource}?${query}`, {
    signal: params.signal,
  });
  const range = headers.get('Content-Range');
  if (!range) throw new Error(`The answer for ${resource} has no Content-Range header.`);
  cursors.remember(list, start, headers.get('X-Page-Cursors'));
  const meta: ListMeta = { totalEstimated: headers.get('X-Total-Estimated') === 'true' };
  return { data: json, total: Number.parseInt(range.split('/').pop() ?? '', 10), meta };
}

/**
 * ra-data-simple-rest over /api/admin/rest, lists paged by keyset. Same-origin fetch sends the
 * session cookie; writes need no token because the server refuses cross-site Origins
 * (docs/decisions/0002-csrf-and-rate-limits.md).
 */
export const dataProvider: DataProvider = { ...base, getList };
