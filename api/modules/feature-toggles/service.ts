import type { Db } from '../../../db/client';
import { recordAudit } from '../audit/service';
import { NotFoundError } from '../errors';

/** A toggle that does not exist counts as enabled (docs/product/spec.md §6). */
export async function isFeatureEnabled(db: Db, name: string): Promise<boolean> {
  const row = await db
    .selectFrom('feature_toggles')
    .select('enabled')
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.enabled ?? true;
}

export function listFeatureToggles(db: Db) {
  return db.selectFrom('feature_toggles').selectAll().orderBy('name').execute();
}

export async function setFeatureToggle(
  db: Db,
  input: { name: string; enabled: boolean },
  actor: { id: number; ip: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('feature_toggles')
      .select(['enabled'])
      .where('name', '=', input.name)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw new NotFoundError(`No feature toggle named ${input.name}.`);
    await trx
      .updateTable('feature_toggles')
      .set({ enabled: input.enabled, updated_by: actor.id, updated_at: new Date() })
      .where('name', '=', input.name)
      .execute();
    await recordAudit(trx, {
      actorId: actor.id,
      action: 'feature_toggle.set',
      targetType: 'feature_toggle',
      targetId: input.name,
      before,
      after: { enabled: input.enabled },
      ip: actor.ip,
    });
  });
}
