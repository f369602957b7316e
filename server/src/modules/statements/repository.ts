import type { MovementRecord } from '@imprest/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ParsedLine } from './parsed-line';

type Db = Kysely<Database>;
export type StatementSource = 'mpesa' | 'bank';

/** A record as the screen shows it: the domain's fields plus whose it is and where it lives. */
export interface RecordRow extends MovementRecord {
  request_id: number;
  approval_number: string | null;
  retirement_id: number | null;
  person: string;
  method: string;
  network: string | null;
  currency: string;
}

/** Stores the lines no import stored before; resolves with how many were new. */
export async function insertLines(
  db: Db,
  statement: { id: number; organization_id: number; source: StatementSource; account: string },
  lines: ParsedLine[],
): Promise<number> {
  let added = 0;
  for (let i = 0; i < lines.length; i += 200) {
    const rows = lines.slice(i, i + 200).map((l) => ({
      organization_id: statement.organization_id,
      statement_id: statement.id,
      source: statement.source,
      account: statement.account,
      hash: l.hash,
      line: l.line,
      date: l.date,
      amount: l.amount,
      reference: l.reference,
      details: l.details.slice(0, 300),
      party: l.party.slice(0, 120),
      phone: l.phone,
      state: l.state,
    }));
    const inserted = await db
      .insertInto('statement_lines')
      .values(rows)
      .onConflict((oc) => oc.columns(['organization_id', 'hash']).doNothing())
      .returning('id')
      .execute();
    added += inserted.length;
  }
  return added;
}

/** The account's lines within the statement's days, in the order the statements print them. */
export async function linesBetween(db: Db, organizationId: number, source: StatementSource, account: string, from: string, to: string) {
  const rows = await db
    .selectFrom('statement_lines')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('source', '=', source)
    .where('account', '=', account)
    .where('date', '>=', from)
    .where('date', '<=', to)
    .orderBy('date')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, amount: Number(r.amount) }));
}
export type LineRow = Awaited<ReturnType<typeof linesBetween>>[number];

export async function findLine(db: Db, organizationId: number, id: number) {
  const row = await db
    .selectFrom('statement_lines')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { ...row, amount: Number(row.amount) };
}

/**
 * The payouts and settlements a statement of this source should show, recorded between the two
 * days: M-Pesa statements carry M-Pesa movements; a bank statement bank transfers and cheques.
 */
export async function recordsBetween(
  db: Db,
  organizationId: number,
  source: StatementSource,
  from: string,
  to: string,
): Promise<RecordRow[]> {
  const methods = source === 'mpesa' ? ['mobile_money'] : ['bank_transfer', 'cheque'];
  const payouts = await db
    .selectFrom('payouts as p')
    .innerJoin('requests as r', 'r.id', 'p.request_id')
    .select([
      'p.id',
      'p.date',
      'p.amount',
      'p.amount_currency',
      'p.method',
      'p.network',
      'p.reference',
      'p.phone',
      'r.id as request_id',
      'r.approval_number',
      'r.request_owner_name as person',
    ])
    .where('p.organization_id', '=', organizationId)
    .where('p.method', 'in', methods as never)
    .where('p.date', '>=', from)
    .where('p.date', '<=', to)
    .orderBy('p.date')
    .orderBy('p.id')
    .execute();
  const settlements = await db
    .selectFrom('settlements as s')
    .innerJoin('retirements as t', 't.id', 's.retirement_id')
    .innerJoin('requests as r', 'r.id', 't.request_id')
    .select([
      's.id',
      's.date',
      's.amount',
      's.amount_currency',
      's.method',
      's.network',
      's.reference',
      's.phone',
      's.direction',
      't.id as retirement_id',
      'r.id as request_id',
      'r.approval_number',
      'r.request_owner_name as person',
    ])
    .where('s.organization_id', '=', organizationId)
    .where('s.method', 'in', methods as never)
    .where('s.date', '>=', from)
    .where('s.date', '<=', to)
    .orderBy('s.date')
    .orderBy('s.id')
    .execute();
  const onNetwork = (r: { network: string | null }) => source !== 'mpesa' || r.network === 'mpesa';
  return [
    ...payouts.filter(onNetwork).map((p) => ({
      ...p,
      kind: 'payout' as const,
      direction: 'out' as const,
      retirement_id: null,
      amount: Number(p.amount),
      currency: p.amount_currency,
    })),
    ...settlements.filter(onNetwork).map((s) => ({
      ...s,
      kind: 'settlement' as const,
      // a return is money the owner paid in; an excess reimbursed is paid out to them
      direction: s.direction === 'return' ? ('in' as const) : ('out' as const),
      amount: Number(s.amount),
      currency: s.amount_currency,
    })),
  ].map(({ amount_currency: _c, ...r }) => r as RecordRow);
}

/** The records of the organisation some line already proves, as "payout:12". */
export async function reconciledRecords(db: Db, organizationId: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom('statement_lines')
    .select(['record_kind', 'record_id'])
    .where('organization_id', '=', organizationId)
    .where('record_id', 'is not', null)
    .execute();
  return new Set(rows.map((r) => `${r.record_kind}:${r.record_id}`));
}

export async function recordById(
  db: Db,
  organizationId: number,
  kind: 'payout' | 'settlement',
  id: number,
): Promise<RecordRow | undefined> {
  const table = kind === 'payout' ? 'payouts' : 'settlements';
  const row = await db
    .selectFrom(table)
    .select(['date', 'method'])
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const source: StatementSource = row.method === 'mobile_money' ? 'mpesa' : 'bank';
  return (await recordsBetween(db, organizationId, source, row.date, row.date)).find((r) => r.kind === kind && r.id === id);
}
