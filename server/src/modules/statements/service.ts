import type { ConfirmMatchInput, StatementImportInput } from '@imprest/domain/contract';
import { organizationOf } from '../../access';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import type { FileStore } from '../../storage';
import type { BankColumns } from './bank';
import { importStatement } from './import';
import { confirmMatch, statementReconciliation } from './reconcile';

async function listStatements(ctx: AppContext, caller: UserRow) {
  const organizationId = organizationOf(caller);
  const rows = await ctx.db
    .selectFrom('statements')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
  const accounts = await ctx.db
    .selectFrom('statement_accounts')
    .select(['account', 'columns_json'])
    .where('organization_id', '=', organizationId)
    .orderBy('account')
    .execute();
  return {
    statements: rows.map((s) => ({
      id: s.id,
      source: s.source,
      account: s.account,
      first_date: s.first_date ?? '',
      last_date: s.last_date ?? '',
      lines: s.line_count,
      added: s.added_count,
      imported_at: new Date(s.imported_at).toISOString(),
    })),
    accounts: accounts.map((a) => ({ account: a.account, columns: JSON.parse(a.columns_json) as BankColumns })),
  };
}

export function createStatementService(ctx: AppContext, store: FileStore) {
  return {
    import: (caller: UserRow, input: StatementImportInput) => importStatement(ctx, store, caller, input),
    list: (caller: UserRow) => listStatements(ctx, caller),
    reconciliation: (caller: UserRow, id: number) => statementReconciliation(ctx, caller, id),
    confirm: (caller: UserRow, input: ConfirmMatchInput) => confirmMatch(ctx, caller, input),
  };
}

export type StatementService = ReturnType<typeof createStatementService>;
