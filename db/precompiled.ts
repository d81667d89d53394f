import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import { withGenericPlanComment } from './generic-plans';

/**
 * A query whose shape never changes, built and compiled once per Kysely instance instead of on
 * every call (building and compiling a page's query cost a signed-in page 40–60 µs of Kysely work
 * and its garbage; docs/decisions/0047-precompiled-page-queries-and-no-jit.md). `build` receives placeholder
 * values where the arguments go; each call replaces every parameter equal to a placeholder with
 * its argument. Placeholders must be values no real argument or constant of the query takes
 * (large negative ids, strings with a NUL), and each must reach the compiled parameters: a
 * placeholder Kysely inlined or transformed would silently run with the placeholder, so that
 * throws at the first call instead, as does a Date parameter (it would be the build's time forever).
 * `genericPlan`: the statement plans alike for every argument (db/generic-plans.ts).
 */
export function precompiled<DB, Args extends readonly unknown[], Row>(
  build: (db: Kysely<DB>, ...args: Args) => Compilable<Row>,
  placeholders: Args,
  options: { genericPlan?: boolean } = {},
): (db: Kysely<DB>, ...args: Args) => Promise<Row[]> {
  const compiledFor = new WeakMap<Kysely<DB>, CompiledQuery<Row>>();
  return async (db, ...args) => {
    let compiled = compiledFor.get(db);
    if (!compiled) {
      compiled = build(db, ...placeholders).compile();
      // A time taken while building would be the same forever: queries say now() in SQL instead.
      if (compiled.parameters.some((value) => value instanceof Date)) {
        throw new Error('precompiled: the query has a Date parameter, which would never change');
      }
      for (const placeholder of placeholders) {
        if (!compiled.parameters.includes(placeholder)) {
          throw new Error(`precompiled: placeholder ${String(placeholder)} is not a parameter of the query`);
        }
      }
      if (options.genericPlan) compiled = { ...compiled, sql: withGenericPlanComment(compiled.sql) };
      compiledFor.set(db, compiled);
    }
    const parameters = compiled.parameters.map((value) => {
      const index = placeholders.indexOf(value);
      return index < 0 ? value : args[index];
    });
    return (await db.executeQuery<Row>({ ...compiled, parameters })).rows;
  };
}
