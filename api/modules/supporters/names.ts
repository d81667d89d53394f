import { type RawBuilder, sql } from 'kysely';

/** A users row's name as people see it: an organization's name, or "First Last" (`alias` names the users table). */
export function accountName(alias: string): RawBuilder<string | null> {
  const col = (c: string) => sql.ref(`${alias}.${c}`);
  return sql<string | null>`CASE WHEN ${col('kind')} = 'organization' THEN ${col('org_name')}
    ELSE trim(coalesce(${col('first_name')}, '') || ' ' || coalesce(${col('last_name')}, '')) END`;
}
