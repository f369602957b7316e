import {
  JOURNAL_ACCOUNT_KEYS,
  JOURNAL_MESSAGES,
  accountCodeProblem,
  buildJournals,
  calendarDateAt,
  formatCalendarDate,
  journalAccountLabel,
  journalProblem,
  type Journal,
  type JournalFormat,
} from '@imprest/domain';
import type { JournalAccountsInput, JournalPreview } from '@imprest/domain/contract';
import { reportOrganization } from '../../access/reports';
import { recordAudit } from '../../audit/repository';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { AppError, conflict } from '../../errors';
import { organizationTimeZone } from '../requests/repository';
import { periodOf } from '../reports/period';
import { journalFile, type JournalFile } from './files';
import { movementsIn, type Period } from './movements';

/** The journal export (docs/product-rules.md §Journals): finance only, its organisation only. */
export function createJournalService(ctx: AppContext) {
  async function scope(caller: UserRow) {
    const organizationId = reportOrganization(caller);
    const timeZone = await organizationTimeZone(ctx.db, organizationId);
    return { organizationId, timeZone, today: calendarDateAt(ctx.clock(), timeZone) };
  }

  async function codesOf(organizationId: number): Promise<Record<string, string>> {
    const rows = await ctx.db
      .selectFrom('journal_accounts')
      .select(['account_key', 'account_code'])
      .where('organization_id', '=', organizationId)
      .execute();
    return Object.fromEntries(rows.map((r) => [r.account_key, r.account_code]));
  }

  async function accounts(caller: UserRow) {
    const codes = await codesOf((await scope(caller)).organizationId);
    return { accounts: JOURNAL_ACCOUNT_KEYS.map((key) => ({ key, label: journalAccountLabel(key), code: codes[key] ?? null })) };
  }

  /** Replaces the mapping: a key sent with '' or not sent is unmapped. Audited with before and after. */
  async function saveAccounts(caller: UserRow, input: JournalAccountsInput) {
    const { organizationId } = await scope(caller);
    const next: Record<string, string> = {};
    for (const { key, code } of input.accounts) {
      const value = code.trim();
      if (!value) continue;
      const problem = accountCodeProblem(value);
      if (problem) throw new AppError('BAD_REQUEST', `${journalAccountLabel(key)}: ${problem}`);
      next[key] = value;
    }
    const at = ctx.clock().toISOString();
    await ctx.db.transaction().execute(async (trx) => {
      const before = Object.fromEntries(
        (
          await trx
            .selectFrom('journal_accounts')
            .select(['account_key', 'account_code'])
            .where('organization_id', '=', organizationId)
            .execute()
        ).map((r) => [r.account_key, r.account_code]),
      );
      await trx.deleteFrom('journal_accounts').where('organization_id', '=', organizationId).execute();
      const rows = Object.entries(next).map(([account_key, account_code]) => ({
        organization_id: organizationId,
        account_key,
        account_code,
        modified_by: caller.id,
        modified_at: at,
      }));
      if (rows.length) await trx.insertInto('journal_accounts').values(rows).execute();
      await recordAudit(trx, {
        organizationId,
        actorId: caller.id,
        entity: 'journal_accounts',
        entityId: organizationId,
        action: 'update',
        before,
        after: next,
        at,
      });
    });
    return accounts(caller);
  }

  async function exportsOf(organizationId: number, period: Period) {
    return ctx.db
      .selectFrom('journal_exports')
      .select(['period_from as from', 'period_to as to', 'currency', 'format', 'exported_by_name', 'exported_at'])
      .where('organization_id', '=', organizationId)
      .where('period_from', '<=', period.to)
      .where('period_to', '>=', period.from)
      .orderBy('id', 'desc')
      .execute();
  }

  async function journalsOf(caller: UserRow, query: { from?: string; to?: string }) {
    const s = await scope(caller);
    const period = periodOf({ from: query.from ?? `${s.today.slice(0, 7)}-01`, to: query.to ?? s.today }, s.today);
    const [movements, codes, exports] = await Promise.all([
      movementsIn(ctx.db, s.organizationId, period, s.timeZone),
      codesOf(s.organizationId),
      exportsOf(s.organizationId, period),
    ]);
    return { ...s, period, journals: buildJournals(movements, codes), exports };
  }

  async function preview(caller: UserRow, query: { from?: string; to?: string }): Promise<JournalPreview> {
    const { period, journals, exports } = await journalsOf(caller, query);
    return {
      ...period,
      journals: journals.map((j) => ({
        ...j,
        currency: j.currency as never,
        entries: j.entries.map((e) => ({ ...e, lines: e.lines.map((l) => ({ ...l, label: journalAccountLabel(l.account) })) })),
        problem: journalProblem(j),
        exports: exports.filter((x) => x.currency === j.currency) as never,
      })),
    };
  }

  /** The file of one currency's journal; refused while it cannot balance or was exported unless `again`. Audited. */
  async function download(
    caller: UserRow,
    query: { from: string; to: string; currency: string; format: JournalFormat; again?: boolean },
  ): Promise<JournalFile> {
    const { organizationId, period, journals, exports } = await journalsOf(caller, query);
    const journal: Journal = journals.find((j) => j.currency === query.currency) ?? {
      currency: query.currency,
      entries: [],
      debit: 0,
      credit: 0,
      balanced: true,
      unmapped: [],
    };
    const problem = journalProblem(journal);
    if (problem) throw conflict(problem, 'JOURNAL_NOT_READY');
    const earlier = exports.find((x) => x.currency === query.currency);
    if (earlier && !query.again) {
      throw conflict(
        JOURNAL_MESSAGES.alreadyExported(
          formatCalendarDate(calendarDateAt(earlier.exported_at, (await scope(caller)).timeZone)),
          earlier.exported_by_name,
        ),
        'JOURNAL_ALREADY_EXPORTED',
      );
    }
    const file = journalFile(journal, query.format, period);
    const at = ctx.clock().toISOString();
    await ctx.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('journal_exports')
        .values({
          organization_id: organizationId,
          period_from: period.from,
          period_to: period.to,
          currency: journal.currency,
          format: query.format,
          entries: journal.entries.length,
          exported_by: caller.id,
          exported_by_name: caller.fullname,
          exported_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const after = {
        ...period,
        currency: journal.currency,
        format: query.format,
        entries: journal.entries.length,
        debit: journal.debit,
        again: Boolean(earlier),
      };
      await recordAudit(trx, {
        organizationId,
        actorId: caller.id,
        entity: 'journal_export',
        entityId: row.id,
        action: 'export',
        before: null,
        after,
        at,
      });
    });
    return file;
  }

  return { accounts, saveAccounts, preview, download };
}

export type JournalService = ReturnType<typeof createJournalService>;
