import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { LIST_NAMES, REFERENCE_LISTS } from './reference-options';

export interface ReferenceOptionsLoaded {
  lists: number;
  options: number;
  written: number;
  deleted: number;
}

/**
 * Brings reference_options to the lists in reference-options.ts: changed labels and positions are
 * written, options no longer listed are deleted, equal rows are left alone. The demo seed and the
 * test runs' database template (tests/setup/database-template.ts) both load them this way.
 */
export async function loadReferenceOptions(db: Db): Promise<ReferenceOptionsLoaded> {
  const rows = LIST_NAMES.flatMap((list) =>
    REFERENCE_LISTS[list].map((o, i) => ({
      list_name: list,
      value: o.value,
      label: o.label,
      position: i + 1,
    })),
  );
  const written = await db
    .insertInto('reference_options')
    .values(rows)
    .onConflict((oc) =>
      oc
        .columns(['list_name', 'value'])
        .doUpdateSet((eb) => ({ label: eb.ref('excluded.label'), position: eb.ref('excluded.position') }))
        .where(
          sql<boolean>`(reference_options.label, reference_options.position)
            IS DISTINCT FROM (excluded.label, excluded.position)`,
        ),
    )
    .returning('value')
    .execute();
  const keep = sql.join(rows.map((r) => sql`(${r.list_name}, ${r.value})`));
  const deleted = await db
    .deleteFrom('reference_options')
    .where(sql<boolean>`(list_name, value) NOT IN (VALUES ${keep})`)
    .executeTakeFirst();
  return {
    lists: LIST_NAMES.length,
    options: rows.length,
    written: written.length,
    deleted: Number(deleted.numDeletedRows),
  };
}
