/**
 * Every record's history: its audit rows, newest first, with who acted and what changed, read as a
 * person reads them (./entries.ts). A request's history is that of all its versions and of its
 * retirement (a resubmission is a new row; Request Retirement and what follows is the request's
 * story too). Reading goes through the rule 'history.read'; the audit table is only ever read here.
 */
import type { HistoryEntity, HistoryEntry } from '@imprest/domain/contract';
import { assertHistoryReader } from '../../access/history';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { organizationTimeZone } from '../requests/repository';
import { readEntry, type AuditRow } from './entries';
import type { AuditEntity } from './values';

type Db = AppContext['db'];

/** The audit entity name each record kind is written under. */
const AUDIT_ENTITY: Record<HistoryEntity, AuditEntity> = {
  request: 'request',
  retirement: 'retirement',
  budget: 'budget_code',
  user: 'user',
};

interface RecordFacts {
  organization_id: number;
  /** null: nobody owns a budget code */
  owner_id: number | null;
  /** The audit ids the history covers, and the retirement ids a request's history takes in too. */
  ids: string[];
  retirementIds: string[];
  currency: string | null;
  retirementCurrency: string | null;
}

async function requestFacts(db: Db, id: number): Promise<RecordFacts | null> {
  const row = await db
    .selectFrom('requests')
    .select(['organization_id', 'request_owner_id', 'root_request_id', 'amount_currency'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const versions = await db
    .selectFrom('requests')
    .select('id')
    .where('root_request_id', '=', row.root_request_id ?? id)
    .execute();
  const ids = versions.map((v) => v.id);
  const retirements = ids.length
    ? await db.selectFrom('retirements').select(['id', 'amount_currency']).where('request_id', 'in', ids).execute()
    : [];
  return {
    organization_id: row.organization_id,
    owner_id: row.request_owner_id,
    ids: ids.map(String),
    retirementIds: retirements.map((r) => String(r.id)),
    currency: row.amount_currency,
    retirementCurrency: retirements[0]?.amount_currency ?? row.amount_currency,
  };
}

async function recordOf(db: Db, entity: HistoryEntity, id: number): Promise<RecordFacts | null> {
  const only = { ids: [String(id)], retirementIds: [], retirementCurrency: null };
  switch (entity) {
    case 'request':
      return requestFacts(db, id);
    case 'retirement': {
      const row = await db
        .selectFrom('retirements')
        .select(['organization_id', 'owner_id', 'amount_currency'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? { ...only, organization_id: row.organization_id, owner_id: row.owner_id, currency: row.amount_currency } : null;
    }
    case 'budget': {
      const row = await db
        .selectFrom('budget_codes')
        .select(['organization_id', 'amount_currency'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? { ...only, organization_id: row.organization_id, owner_id: null, currency: row.amount_currency } : null;
    }
    case 'user': {
      const row = await db.selectFrom('users').select('organization_id').where('id', '=', id).executeTakeFirst();
      return row ? { ...only, organization_id: row.organization_id, owner_id: id, currency: null } : null;
    }
  }
}

/** Each retirement's reviewer roles by step: every round has the same chain, the request's. */
async function retirementChains(db: Db, ids: string[]): Promise<Map<string, string[]>> {
  const chains = new Map<string, string[]>();
  if (ids.length === 0) return chains;
  const steps = await db
    .selectFrom('retirement_reviews')
    .select(['retirement_id', 'position', 'reviewer_role'])
    .where('retirement_id', 'in', ids.map(Number))
    .orderBy('retirement_id')
    .orderBy('round')
    .orderBy('position')
    .execute();
  for (const s of steps) {
    const chain = chains.get(String(s.retirement_id)) ?? [];
    chain[s.position] = s.reviewer_role;
    chains.set(String(s.retirement_id), chain);
  }
  return chains;
}

const parse = (json: string | null) => (json === null ? null : (JSON.parse(json) as Record<string, unknown> | null));

export function createHistoryService(ctx: AppContext) {
  async function history(caller: UserRow, entity: HistoryEntity, id: number): Promise<{ history: HistoryEntry[]; time_zone: string }> {
    const record = await recordOf(ctx.db, entity, id);
    assertHistoryReader(caller, record);
    const { ids, retirementIds } = record!;
    const rows = await ctx.db
      .selectFrom('audit_log')
      .leftJoin('users', 'users.id', 'audit_log.actor_id')
      .select([
        'audit_log.id',
        'audit_log.entity',
        'audit_log.entity_id',
        'audit_log.action',
        'audit_log.before_json',
        'audit_log.after_json',
        'audit_log.created_at',
        'users.fullname',
      ])
      .where('audit_log.organization_id', '=', caller.organization_id)
      .where((eb) =>
        eb.or([
          eb.and([eb('audit_log.entity', '=', AUDIT_ENTITY[entity]), eb('audit_log.entity_id', 'in', ids)]),
          ...(retirementIds.length
            ? [eb.and([eb('audit_log.entity', '=', 'retirement'), eb('audit_log.entity_id', 'in', retirementIds)])]
            : []),
        ]),
      )
      .orderBy('audit_log.created_at', 'desc')
      .orderBy('audit_log.id', 'desc')
      .execute();
    const audit = rows.map((r) => ({
      ...r,
      row: {
        entity: r.entity as AuditEntity,
        entity_id: r.entity_id,
        action: r.action,
        before: parse(r.before_json),
        after: parse(r.after_json),
      } satisfies AuditRow,
    }));
    // each request version's record as written when it was sent: a resubmission is read against the one before
    const versions = new Map(
      audit
        .filter((a) => a.entity === 'request' && (a.action === 'create' || a.action === 'resubmit') && a.row.after)
        .map((a) => [a.entity_id, a.row.after!]),
    );
    const timeZone = await organizationTimeZone(ctx.db, caller.organization_id);
    const reading = {
      timeZone,
      currency: record!.currency,
      retirementCurrency: record!.retirementCurrency,
      versions,
      retirementChains: await retirementChains(ctx.db, entity === 'retirement' ? ids : retirementIds),
    };
    return {
      time_zone: timeZone,
      history: audit.map((a) => ({
        id: a.id,
        at: new Date(a.created_at).toISOString(),
        actor_name: a.fullname ?? null,
        action: a.action,
        ...readEntry(a.row, reading),
      })),
    };
  }
  return { history };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
