import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import { jsonb } from '../../../db/json';
import { NotFoundError, ValidationError } from '../errors';
import { FILTER_FIELDS, type SupporterFilter, supporterFilter } from './schema';

/**
 * Saved lists (docs/decisions/0100-supporters.md): a filter of the supporter list kept by name. It
 * keeps the fields as they were typed (the query string's), so opening it reads them through the
 * same schema as the list does, and it always means today's supporters who pass it.
 */

/** The filter's typed fields worth keeping: the non-empty ones the schema knows. */
export function typedFilter(values: Record<string, string | undefined>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const field of FILTER_FIELDS) {
    const value = values[field]?.trim();
    if (value) kept[field] = value;
  }
  return kept;
}

/** A stored filter read back; one that no longer reads (never expected) filters nothing out silently. */
export function storedFilter(filter: Record<string, unknown>): SupporterFilter {
  const parsed = supporterFilter.safeParse(filter);
  if (!parsed.success) throw new ValidationError({ filter: ['This saved list’s filter no longer reads.'] });
  return parsed.data;
}

export async function saveList(
  db: Db,
  ownerId: number,
  actorId: number,
  name: string,
  typed: Record<string, string>,
): Promise<number> {
  storedFilter(typed);
  const { rows } = await sql<{ id: number }>`
    INSERT INTO supporter_lists (owner_id, name, filter, created_by)
    VALUES (${ownerId}, ${name}, ${jsonb(typed)}, ${actorId})
    ON CONFLICT (owner_id, (lower(name))) DO NOTHING RETURNING id`.execute(db);
  const row = rows[0];
  if (!row) throw new ValidationError({ name: ['You already have a list with this name.'] });
  return row.id;
}

export function savedLists(db: Db, ownerId: number) {
  return db
    .selectFrom('supporter_lists')
    .select(['id', 'name', 'filter', 'created_at'])
    .where('owner_id', '=', ownerId)
    .orderBy('name')
    .execute();
}

export async function savedList(db: Db, ownerId: number, listId: number) {
  const row = await db
    .selectFrom('supporter_lists')
    .select(['id', 'name', 'filter', 'created_at'])
    .where('id', '=', listId)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  if (!row) throw new NotFoundError('No such list.');
  return row;
}

export async function deleteList(db: Db, ownerId: number, listId: number): Promise<void> {
  const gone = await db
    .deleteFrom('supporter_lists')
    .where('id', '=', listId)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  if (gone.numDeletedRows === 0n) throw new NotFoundError('No such list.');
}
