import { type RawBuilder, sql } from 'kysely';

/**
 * A value for a jsonb column that both engines store the same way: postgres.js would store
 * a JSON string as a jsonb *string*, PGlite would parse it. Sending text and casting in SQL
 * removes the difference.
 */
export function jsonb<T>(value: T): RawBuilder<T> {
  return sql<T>`CAST(${JSON.stringify(value)}::text AS jsonb)`;
}
