import { CompiledQuery, type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from '../../../db/client';

/**
 * A list's total without scanning a million rows on every page (docs/decisions/0036-console-lists-at-scale.md):
 * counted exactly up to EXACT_COUNT_LIMIT rows (a bounded read), and above that the planner's
 * estimate (EXPLAIN, which PGlite answers too; never less than the rows counted), flagged so
 * the screen says "about". A list the planner sizes at twice the limit or more is not counted.
 */
export const EXACT_COUNT_LIMIT = 10_000;
/**
 * An estimate this large is taken without counting. Below it the bounded count decides, since
 * an estimate can be far off: the members' q filter is therefore a list of ids (members.ts),
 * which the planner sizes exactly.
 */
const TRUSTED_ESTIMATE = EXACT_COUNT_LIMIT * 2;

export interface ListTotal {
  total: number;
  estimated: boolean;
}

// biome-ignore lint/suspicious/noExplicitAny: any resource's rows
type Base = SelectQueryBuilder<any, 'r', object>;

export async function countRows(db: Db, base: Base): Promise<ListTotal> {
  const rowsOnly = base.select(sql`1`.as('one'));
  const estimate = await plannerEstimate(db, rowsOnly);
  // Clearly large: counting even 10,000 rows of a selective filter may read most of the table.
  if (estimate >= TRUSTED_ESTIMATE) return { total: estimate, estimated: true };
  const capped = rowsOnly.limit(EXACT_COUNT_LIMIT + 1);
  const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM (${capped}) s`.execute(db);
  const counted = Number(rows[0]?.n ?? 0);
  if (counted <= EXACT_COUNT_LIMIT) return { total: counted, estimated: false };
  return { total: Math.max(estimate, counted), estimated: true };
}

/** The planner's row estimate for the query: its top plan node's "Plan Rows". */
async function plannerEstimate(db: Db, query: { compile(): CompiledQuery }): Promise<number> {
  const compiled = query.compile();
  const result = await db.executeQuery<Record<string, unknown>>(
    CompiledQuery.raw(`EXPLAIN (FORMAT JSON) ${compiled.sql}`, [...compiled.parameters]),
  );
  const raw = Object.values(result.rows[0] ?? {})[0];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan?: { 'Plan Rows'?: number } }[];
  return Math.round(plan[0]?.Plan?.['Plan Rows'] ?? 0);
}
