/**
 * What a database error may tell a client: nothing but its class. PostgreSQL's own text names
 * tables, columns, types and values, so it stays in the server log.
 *
 * SQLSTATE class 22 (data exception: 22003 numeric value out of range, 22P02 invalid text
 * representation, 22021 character not in repertoire, 22P05 untranslatable character, 22007/22008
 * bad dates...) means the caller's value did not fit its column: a 400, like a zod error.
 * Input guards and bounded schemas catch these first; this is the safety net behind them.
 */
export const DATA_EXCEPTION_MESSAGE = 'A value is out of range or not in a form it can be stored in.';

/** The SQLSTATE of a PostgreSQL error (postgres.js or PGlite), looking through `cause` chains. */
export function sqlStateOf(error: unknown): string | null {
  for (
    let e = error, hops = 0;
    e && typeof e === 'object' && hops < 5;
    e = (e as { cause?: unknown }).cause, hops++
  ) {
    const { code, severity } = e as { code?: unknown; severity?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string') return code;
  }
  return null;
}

export function isDataException(error: unknown): boolean {
  return sqlStateOf(error)?.startsWith('22') ?? false;
}
