import type { AliasedSelectQueryBuilder } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { NotFoundError } from '../errors';

// A console list (docs/decisions/0036-console-lists-at-scale.md): the query over its records, the
// columns it may be sorted by and the filters it accepts, each whitelisted. The REST door reads a
// request into these (api/doors/rest/lists/simple-rest.ts); list-rows.ts and keyset.ts read the rows.

/** Anything Kysely can put in FROM as `r`: a select query over the resource's records. */
export interface RowQuery<Row> {
  as<A extends string>(alias: A): AliasedSelectQueryBuilder<Row, A>;
}

export type IdType = 'int' | 'bigint' | 'text';

export interface ListSpec<Row, Shape extends z.ZodRawShape> {
  resource: string;
  /** Output columns of `rows` the client may sort by. */
  sortable: readonly [string, ...string[]];
  defaultSort: readonly [string, 'ASC' | 'DESC'];
  /** Accepted filters; any other key is refused. `id: [..]` (react-admin's getMany) is always accepted. */
  filters: Shape;
  rows: (db: Db, filter: z.infer<z.ZodObject<Shape>>) => RowQuery<Row>;
  /**
   * Work a filter needs from the database before `rows` builds the query (e.g. normalizing a
   * search's words, which may take a round trip): returns the filter `rows` receives.
   */
  prepare?: (db: Db, filter: z.infer<z.ZodObject<Shape>>) => Promise<z.infer<z.ZodObject<Shape>>>;
  /** The record id: its column and type. Default: `id`, integer. */
  id?: { column: string; type: IdType };
  /**
   * Sortable columns from an outer join, NULL for the rows that joined nothing (a free member's
   * tier), and `matchedWhen`, a plain column of that join which is set exactly when it matched:
   * the page's queries name both so the planner neither takes the NULL rows for rare nor joins
   * every row to find the set ones (keyset.ts).
   */
  outerJoined?: { columns: readonly string[]; matchedWhen: string };
  /** CSV columns, in order. Default: every column of the first row. */
  csvColumns?: readonly (keyof Row & string)[];
}

export function parseId(spec: { resource: string; id?: { type: IdType } }, raw: string) {
  if (spec.id?.type === 'text') return raw;
  const max = spec.id?.type === 'bigint' ? Number.MAX_SAFE_INTEGER : 2_147_483_647;
  if (!/^\d{1,16}$/.test(raw) || Number(raw) > max) {
    throw new NotFoundError(`No ${spec.resource} record ${raw}.`);
  }
  return Number(raw);
}

/** Case-insensitive "contains" pattern with LIKE's wildcards escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * Every declared list by resource name, so the input fuzz suite learns each list's sort fields
 * and filters from the specs themselves (a new list is covered without editing the test).
 */
export const LIST_SPECS = new Map<string, ListSpec<unknown, z.ZodRawShape>>();

/** Declares a list with its record type inferred from `rows`. */
export function defineList<Row, Shape extends z.ZodRawShape>(
  spec: ListSpec<Row, Shape>,
): ListSpec<Row, Shape> {
  LIST_SPECS.set(spec.resource, spec as unknown as ListSpec<unknown, z.ZodRawShape>);
  return spec;
}
