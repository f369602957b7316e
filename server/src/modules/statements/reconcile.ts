import { addCalendarDays, confirmProblem, fromMinorUnits, MATCH_DAYS, matchStatement, STATEMENT_MESSAGES } from '@imprest/domain';
import { assertAccess, organizationOf } from '../../access';
import { recordAudit } from '../../audit/repository';
import { nowIso } from '../../clock';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import type { UserRow } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import type { LineState } from './parsed-line';
import { findLine, linesBetween, reconciledRecords, recordById, recordsBetween, type LineRow, type RecordRow } from './repository';

const apiLine = (l: Pick<LineRow, 'id' | 'line' | 'date' | 'amount' | 'reference' | 'details' | 'party' | 'phone' | 'state'>) => ({
  id: l.id,
  line: l.line,
  date: l.date,
  amount: fromMinorUnits(l.amount),
  reference: l.reference,
  details: l.details,
  party: l.party,
  phone: l.phone,
  state: l.state as LineState,
});
const apiRecord = (r: RecordRow) => ({
  kind: r.kind,
  id: r.id,
  request_id: r.request_id,
  approval_number: r.approval_number,
  retirement_id: r.retirement_id,
  person: r.person,
  date: r.date,
  amount: fromMinorUnits(r.amount),
  currency: r.currency,
  direction: r.direction,
  method: r.method,
  network: r.network,
  reference: r.reference,
  phone: r.phone,
});
const movement = (l: LineRow) => ({ ...l, phone: l.phone });

/**
 * One imported statement's reconciliation: its account's lines over its days, against the
 * payouts and settlements recorded within MATCH_DAYS of them. Lines and records already
 * reconciled are listed apart and never offered again.
 */
export async function statementReconciliation(ctx: AppContext, caller: UserRow, id: number) {
  const organizationId = organizationOf(caller);
  const statement = assertAccess(
    caller,
    'organization',
    await ctx.db.selectFrom('statements').selectAll().where('id', '=', id).executeTakeFirst(),
    (s) => s.organization_id === organizationId,
  );
  const from = statement.first_date!;
  const to = statement.last_date!;
  const lines = await linesBetween(ctx.db, organizationId, statement.source, statement.account, from, to);
  const done = await reconciledRecords(ctx.db, organizationId);
  const records = await recordsBetween(
    ctx.db,
    organizationId,
    statement.source,
    addCalendarDays(from, -MATCH_DAYS),
    addCalendarDays(to, MATCH_DAYS),
  );
  const byKey = new Map(records.map((r) => [`${r.kind}:${r.id}`, r]));
  // only shillings move on these accounts: a record in another currency is never on them
  const open = records.filter((r) => !done.has(`${r.kind}:${r.id}`) && r.currency.toLowerCase() === 'tzs');
  const matching = matchStatement(lines.filter((l) => l.state === 'completed' && l.record_id === null).map(movement), open);
  const record = (r: { kind: string; id: number }) => apiRecord(byKey.get(`${r.kind}:${r.id}`)!);
  return {
    data: {
      statement: {
        id: statement.id,
        source: statement.source,
        account: statement.account,
        first_date: from,
        last_date: to,
        lines: statement.line_count,
        added: statement.added_count,
        imported_at: new Date(statement.imported_at).toISOString(),
      },
      matched: matching.matched.map((m) => ({ line: apiLine(m.line as LineRow), record: record(m.record), by: m.by })),
      ambiguous: matching.ambiguous.map((a) => ({ line: apiLine(a.line as LineRow), candidates: a.candidates.map(record) })),
      unmatched_records: matching.unmatchedRecords.map(record),
      unmatched_lines: matching.unmatchedLines.map((l) => apiLine(l as LineRow)),
      reconciled: await Promise.all(
        lines
          .filter((l) => l.record_id !== null)
          .map(async (l) => ({
            line: apiLine(l),
            record: apiRecord(
              (byKey.get(`${l.record_kind}:${l.record_id}`) ?? (await recordById(ctx.db, organizationId, l.record_kind!, l.record_id!)))!,
            ),
          })),
      ),
      other_lines: lines.filter((l) => l.state !== 'completed').map(apiLine),
    },
  };
}

export interface ConfirmInput {
  line_id: number;
  record_kind: 'payout' | 'settlement';
  record_id: number;
}

/** Finance confirms that a statement line proves a record: the record is reconciled with it. */
export async function confirmMatch(ctx: AppContext, caller: UserRow, input: ConfirmInput) {
  const organizationId = organizationOf(caller);
  const line = assertAccess(caller, 'organization', await findLine(ctx.db, organizationId, input.line_id), () => true);
  const record = await recordById(ctx.db, organizationId, input.record_kind, input.record_id);
  if (!record) throw notFound();
  if (line.record_id !== null) throw conflict(STATEMENT_MESSAGES.lineReconciled, 'ALREADY_RECONCILED');
  if (line.state !== 'completed')
    throw conflict(
      `This statement line is ${line.state === 'charge' ? 'a charge' : line.state}: only completed money in or out proves a record`,
    );
  if ((await reconciledRecords(ctx.db, organizationId)).has(`${record.kind}:${record.id}`))
    throw conflict(STATEMENT_MESSAGES.recordReconciled, 'ALREADY_RECONCILED');
  const problem = confirmProblem({ ...line, phone: line.phone }, record);
  if (problem) throw conflict(problem);
  const at = nowIso(ctx.clock);
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('statement_lines')
        .set({ record_kind: record.kind, record_id: record.id, reconciled_by: caller.id, reconciled_at: at })
        .where('id', '=', line.id)
        .where('record_id', 'is', null)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw conflict(STATEMENT_MESSAGES.lineReconciled, 'ALREADY_RECONCILED');
      await recordAudit(trx, {
        organizationId,
        actorId: caller.id,
        entity: record.kind,
        entityId: record.id,
        action: 'reconcile',
        before: null,
        after: {
          statement_line_id: line.id,
          line: line.line,
          account: line.account,
          date: line.date,
          amount: fromMinorUnits(line.amount),
          reference: line.reference,
        },
        at,
      });
    });
  } catch (error) {
    // two finance officers confirming two lines for one record at once: the unique index keeps one
    if (isUniqueViolation(error)) throw conflict(STATEMENT_MESSAGES.recordReconciled, 'ALREADY_RECONCILED');
    throw error;
  }
  return { data: { line: apiLine({ ...line }), record: apiRecord(record), reconciled_at: at } };
}
