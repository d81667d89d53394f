import { sql } from 'kysely';

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

/** A compiled statement's text, marked. */
export function withGenericPlanComment(statement: string): string {
  return `${GENERIC_PLAN_COMMENT} ${statement}`;
}
