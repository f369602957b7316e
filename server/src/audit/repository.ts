import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface AuditEntry {
  organizationId: number;
  actorId: number | null;
  entity: string;
  entityId: string | number;
  action: string;
  before: unknown;
  after: unknown;
  at: string;
}

/** Who did what to which row, with the state before and after; written in the change's transaction. */
export async function recordAudit(db: Kysely<Database>, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      organization_id: entry.organizationId,
      actor_id: entry.actorId,
      entity: entry.entity,
      entity_id: String(entry.entityId),
      action: entry.action,
      before_json: entry.before === undefined ? null : JSON.stringify(entry.before),
      after_json: entry.after === undefined ? null : JSON.stringify(entry.after),
      created_at: entry.at,
    })
    .execute();
}
