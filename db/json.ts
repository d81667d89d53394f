import { type RawBuilder, sql } from 'kysely';

/**
 * A value for a jsonb column, sent as its JSON text and cast in SQL. Both engines take a bare string
 * parameter as JSON text (db/client.ts), so a string value written without this would be parsed
 * (or refused) rather than stored as a JSON string; through here every value is stored as itself.
 */
export function jsonb<T>(value: T): RawBuilder<T> {
  return sql<T>`CAST(${JSON.stringify(value)}::text AS jsonb)`;
}
