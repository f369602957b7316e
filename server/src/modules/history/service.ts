/**
 * Every record's history (issue 16): its audit rows, newest first, with who acted and what changed.
 * A request's history is that of all its versions (a resubmission is a new row). Reading goes
 * through the rule 'history.read'; the audit table is only ever read here, never changed.
 */
import type { HistoryEntity, HistoryEntry } from '@imprest/domain/contract';
import { assertHistoryReader } from '../../access/history';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { actionLabel, changesOf } from './changes';

type Db = AppContext['db'];

/** The audit entity name each record kind is written under. */
const AUDIT_ENTITY: Record<HistoryEntity, string> = { request: 'request', retirement: 'retirement', budget: 'budget_code', user: 'user' };

/** The record's organisation and owner (null: nobody owns a budget code), and the audit ids its history covers. */
async function recordOf(db: Db, entity: HistoryEntity, id: number) {
  switch (entity) {
    case 'request': {
      const row = await db
        .selectFrom('requests')
        .select(['organization_id', 'request_owner_id', 'root_request_id'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return null;
      const versions = await db
        .selectFrom('requests')
        .select('id')
        .where('root_request_id', '=', row.root_request_id ?? id)
        .execute();
      return { organization_id: row.organization_id, owner_id: row.request_owner_id, ids: versions.map((v) => String(v.id)) };
    }
    case 'retirement': {
      const row = await db.selectFrom('retirements').select(['organization_id', 'owner_id']).where('id', '=', id).executeTakeFirst();
      return row ? { ...row, ids: [String(id)] } : null;
    }
    case 'budget': {
      const row = await db.selectFrom('budget_codes').select('organization_id').where('id', '=', id).executeTakeFirst();
      return row ? { organization_id: row.organization_id, owner_id: null, ids: [String(id)] } : null;
    }
    case 'user': {
      const row = await db.selectFrom('users').select('organization_id').where('id', '=', id).executeTakeFirst();
      return row ? { organization_id: row.organization_id, owner_id: id, ids: [String(id)] } : null;
    }
  }
}

export function createHistoryService(ctx: AppContext) {
  async function history(caller: UserRow, entity: HistoryEntity, id: number): Promise<{ history: HistoryEntry[] }> {
    const record = await recordOf(ctx.db, entity, id);
    assertHistoryReader(caller, record);
    const rows = await ctx.db
      .selectFrom('audit_log')
      .leftJoin('users', 'users.id', 'audit_log.actor_id')
      .select([
        'audit_log.id',
        'audit_log.action',
        'audit_log.before_json',
        'audit_log.after_json',
        'audit_log.created_at',
        'users.fullname',
      ])
      .where('audit_log.organization_id', '=', caller.organization_id)
      .where('audit_log.entity', '=', AUDIT_ENTITY[entity])
      .where('audit_log.entity_id', 'in', record!.ids)
      .orderBy('audit_log.created_at', 'desc')
      .orderBy('audit_log.id', 'desc')
      .execute();
    const parse = (json: string | null) => (json === null ? null : (JSON.parse(json) as unknown));
    return {
      history: rows.map((r) => ({
        id: r.id,
        at: new Date(r.created_at).toISOString(),
        actor_name: r.fullname ?? null,
        action: r.action,
        action_label: actionLabel(r.action),
        // a retirement's audit rows keep its amounts in cents; the others as the API answers them
        changes: changesOf(parse(r.before_json), parse(r.after_json), { minorUnits: entity === 'retirement' }),
      })),
    };
  }
  return { history };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
