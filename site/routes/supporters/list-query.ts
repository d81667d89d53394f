import type { Context } from 'hono';
import { decodeCursor, encodeCursor } from '../../../api/doors/rest/lists/signed-cursors';
import type { AppEnv } from '../../../api/middleware/app-env';
import { ValidationError } from '../../../api/modules/errors';
import type { Cursor } from '../../../api/modules/lists/keyset';
import { orderOf, type SupporterView } from '../../../api/modules/supporters/list';
import { typedFilter } from '../../../api/modules/supporters/saved-lists';
import { supporterFilter, supporterOrder } from '../../../api/modules/supporters/schema';
import type { FieldErrors } from '../../lib/form-errors';
import { fieldErrors } from '../campaign-dashboard/dashboard-forms';

/**
 * The supporter list's query string: the filter's fields as typed, sort and dir, and a signed
 * cursor (`after` or `before`) for the keyset pages (docs/decisions/0070-signed-keyset-cursors.md),
 * valid only for this campaign's list and sort.
 */
export interface ListQuery {
  /** The filter's fields as typed, for the form and the links. */
  typed: Record<string, string>;
  view: SupporterView;
  after?: Cursor;
  before?: Cursor;
  errors?: FieldErrors;
}

const scope = (c: Context<AppEnv>, ownerId: number, view: SupporterView) => ({
  secret: c.get('config').appSecret,
  resource: `supporters:${ownerId}`,
  column: `${orderOf(view).column}:${orderOf(view).direction}`,
});

export function readListQuery(c: Context<AppEnv>, ownerId: number): ListQuery {
  const raw = c.req.query();
  const typed = typedFilter(raw);
  const filter = supporterFilter.safeParse(typed);
  const order = supporterOrder.safeParse(raw);
  if (!filter.success || !order.success) {
    const errors = {
      ...(filter.success ? {} : fieldErrors(filter.error)),
      ...(order.success ? {} : fieldErrors(order.error)),
    };
    return { typed, view: { filter: {}, sort: 'name' }, errors };
  }
  const view: SupporterView = { filter: filter.data, sort: order.data.sort, dir: order.data.dir };
  try {
    const s = scope(c, ownerId, view);
    return {
      typed,
      view,
      after: raw.after ? decodeCursor(raw.after, 'after', s) : undefined,
      before: raw.before ? decodeCursor(raw.before, 'before', s) : undefined,
    };
  } catch (error) {
    if (error instanceof ValidationError) return { typed, view, errors: error.fieldErrors };
    throw error;
  }
}

/** The list's URL with the same filter and sort, and optionally a page's cursor. */
export function listHref(
  c: Context<AppEnv>,
  ownerId: number,
  query: ListQuery,
  page?: { after?: Cursor | undefined; before?: Cursor | undefined },
  base = `/supporters/${ownerId}`,
): string {
  const params = new URLSearchParams(query.typed);
  params.set('sort', query.view.sort);
  if (query.view.dir) params.set('dir', query.view.dir);
  const s = scope(c, ownerId, query.view);
  if (page?.after) params.set('after', encodeCursor(page.after, s));
  if (page?.before) params.set('before', encodeCursor(page.before, s));
  return `${base}?${params.toString()}`;
}
