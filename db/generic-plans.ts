import { type Compilable, type Kysely, sql } from 'kysely';

/**
 * Statements whose best plan is the same whatever their parameter values (a lookup by key, the
 * name search's token functions) may keep PostgreSQL's generic plan instead of being planned
 * again on every run (docs/decisions/0048-generic-plans-for-value-independent-statements.md).
 * The pool's connections force a custom plan, because some statements' plans do depend on the
 * value (an ILIKE pattern over a trigram index, docs/stack.md); a statement that starts with this
 * comment runs on a second set of connections that keep generic plans. Elsewhere (PGlite, a
 * transaction's reserved connection) the comment is only a comment.
 */
export const GENERIC_PLAN_COMMENT = '/* generic plan */';

/** Put first in a raw statement: sql`${genericPlan}SELECT …`. */
export const genericPlan = sql.raw(`${GENERIC_PLAN_COMMENT} `);

export function wantsGenericPlan(statement: string): boolean {
  return statement.startsWith(GENERIC_PLAN_COMMENT);
}

/** Runs a Kysely query built on `db`, marked: `onGenericPlan(db, db.selectFrom(…)…)` for its rows. */
export async function onGenericPlan<DB, Row>(db: Kysely<DB>, query: Compilable<Row>): Promise<Row[]> {
  const compiled = query.compile();
  return (await db.executeQuery<Row>({ ...compiled, sql: `${GENERIC_PLAN_COMMENT} ${compiled.sql}` })).rows;
}
