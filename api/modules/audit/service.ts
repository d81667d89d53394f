import type { Db } from '../../../db/client';
import { jsonb } from '../../../db/json';

export interface AuditEntry {
  actorId: number | null;
  action: string;
  targetType: string;
  targetId?: string | number | null;
  before?: unknown;
  after?: unknown;
  ip?: string | null;
}

/**
 * Appends one row for a staff write. Call it with the same transaction as the change, so the
 * change and its record land together or not at all. The table refuses updates and deletes.
 */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_logs')
    .values({
      actor_id: entry.actorId,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId === undefined || entry.targetId === null ? null : String(entry.targetId),
      before: entry.before === undefined ? null : jsonb(entry.before),
      after: entry.after === undefined ? null : jsonb(entry.after),
      ip: entry.ip ?? null,
    })
    .execute();
}
