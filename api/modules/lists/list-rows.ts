import { sql } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { NotFoundError } from '../errors';
import { type ListSpec, parseId } from './list-spec';

/** The filters a list request carries: the spec's, and react-admin's `id: [..]` (getMany). */
export type ListFilter<Shape extends z.ZodRawShape> = z.infer<z.ZodObject<Shape>> & {
  id?: (string | number)[];
};

/** The filtered record set as `r`, ready for count, page or export. */
export async function filteredRows<Row, Shape extends z.ZodRawShape>(
  db: Db,
  spec: ListSpec<Row, Shape>,
  filter: ListFilter<Shape>,
) {
  const idColumn = spec.id?.column ?? 'id';
  const { id: ids, ...rest } = filter;
  const given = rest as z.infer<z.ZodObject<Shape>>;
  const prepared = spec.prepare ? await spec.prepare(db, given) : given;
  let query = db.selectFrom(spec.rows(db, prepared).as('r'));
  if (ids) {
    const max = spec.id?.type === 'bigint' ? Number.MAX_SAFE_INTEGER : 2_147_483_647;
    const typed =
      spec.id?.type === 'text'
        ? ids.map(String)
        : ids.map(Number).filter((n) => Number.isInteger(n) && n >= 0 && n <= max);
    query =
      typed.length === 0
        ? query.where(sql<boolean>`false`)
        : query.where(sql.ref(`r.${idColumn}`), 'in', typed);
  }
  return query;
}

/** The list's order: the whitelisted sort column, then id in the same direction (keyset.ts). */
export function listOrder<Row, Shape extends z.ZodRawShape>(
  spec: ListSpec<Row, Shape>,
  sort: readonly [string, 'ASC' | 'DESC'],
) {
  return {
    column: sort[0],
    idColumn: spec.id?.column ?? 'id',
    direction: sort[1],
    matchedWhen: spec.outerJoined?.columns.includes(sort[0]) ? spec.outerJoined.matchedWhen : undefined,
  };
}

/** GET /resource/:id through the same query as the list, so a record reads the same in both. */
export async function oneRecord<Row, Shape extends z.ZodRawShape>(
  db: Db,
  spec: ListSpec<Row, Shape>,
  rawId: string,
): Promise<Row> {
  const id = parseId(spec, rawId);
  const row = await db
    .selectFrom(spec.rows(db, {} as z.infer<z.ZodObject<Shape>>).as('r'))
    .selectAll()
    .where(sql.ref(`r.${spec.id?.column ?? 'id'}`), '=', id)
    .executeTakeFirst();
  if (!row) throw new NotFoundError(`No ${spec.resource} record ${rawId}.`);
  return row as Row;
}
