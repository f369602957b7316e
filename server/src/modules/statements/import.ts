import { decodeText } from '@imprest/domain';
import { organizationOf } from '../../access';
import { recordAudit } from '../../audit/repository';
import { nowIso } from '../../clock';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../errors';
import type { FileStore } from '../../storage';
import { assertFilesUsable } from '../files/access';
import { bankColumnsProblem, parseBank, type BankColumns } from './bank';
import { readCsv } from './csv';
import { parseMpesa } from './mpesa';
import type { ParsedLine } from './parsed-line';
import { insertLines, type StatementSource } from './repository';
import { StatementLineError } from './values';
import { readXlsx } from './xlsx-rows';

/** The most lines one statement may have: a year of a busy M-Pesa till is far below it. */
const STATEMENT_LINES_MAX = 20_000;
const MPESA_ACCOUNT = 'M-Pesa';

export interface ImportInput {
  file_key: string;
  source: StatementSource;
  account?: string;
  columns?: BankColumns;
}

async function columnsFor(ctx: AppContext, caller: UserRow, account: string, given: BankColumns | undefined, at: string) {
  if (given) {
    const problem = bankColumnsProblem(given);
    if (problem) throw new AppError('BAD_REQUEST', problem);
    const columns_json = JSON.stringify(given);
    // chosen once per account: the next import of this account reads the same columns
    await ctx.db
      .insertInto('statement_accounts')
      .values({ organization_id: caller.organization_id, account, columns_json, modified_by: caller.id, modified_at: at })
      .onConflict((oc) => oc.columns(['organization_id', 'account']).doUpdateSet({ columns_json, modified_by: caller.id, modified_at: at }))
      .execute();
    return given;
  }
  const saved = await ctx.db
    .selectFrom('statement_accounts')
    .select('columns_json')
    .where('organization_id', '=', caller.organization_id)
    .where('account', '=', account)
    .executeTakeFirst();
  if (!saved) throw new AppError('BAD_REQUEST', `Choose the columns of the ${account} statement: this account has none yet`);
  return JSON.parse(saved.columns_json) as BankColumns;
}

function parse(bytes: Buffer, xlsx: boolean, source: StatementSource, account: string, columns: BankColumns | null): ParsedLine[] {
  try {
    const rows = xlsx ? readXlsx(bytes) : readCsv(decodeText(bytes).text);
    return source === 'mpesa' ? parseMpesa(rows) : parseBank(rows, account, columns!);
  } catch (error) {
    if (error instanceof StatementLineError) throw new AppError('BAD_REQUEST', `The statement cannot be read. ${error.message}`);
    throw error;
  }
}

/**
 * Reads an uploaded statement (the caller's own upload) and stores its lines; lines an earlier
 * import stored are not stored again. Nothing is stored when any line cannot be read.
 */
export async function importStatement(ctx: AppContext, store: FileStore, caller: UserRow, input: ImportInput) {
  const organizationId = organizationOf(caller);
  const xlsx = /\.xlsx$/i.test(input.file_key);
  if (!xlsx && !/\.csv$/i.test(input.file_key)) throw new AppError('BAD_REQUEST', 'Upload the statement as a CSV or .xlsx file');
  await assertFilesUsable(ctx.db, caller, [input.file_key], store);
  const account = input.source === 'mpesa' ? MPESA_ACCOUNT : (input.account ?? '').trim();
  if (!account) throw new AppError('BAD_REQUEST', 'Name the bank account the statement is of');
  const at = nowIso(ctx.clock);
  const columns = input.source === 'bank' ? await columnsFor(ctx, caller, account, input.columns, at) : null;
  const bytes = await store.read(input.file_key);
  if (!bytes) throw new AppError('BAD_REQUEST', `File ${input.file_key} has not been uploaded`);
  const lines = parse(bytes, xlsx, input.source, account, columns);
  if (lines.length === 0) throw new AppError('BAD_REQUEST', 'The statement has no lines');
  if (lines.length > STATEMENT_LINES_MAX)
    throw new AppError('BAD_REQUEST', `A statement can have at most ${STATEMENT_LINES_MAX.toLocaleString('en')} lines`);
  const days = lines.map((l) => l.date).sort();
  return ctx.db.transaction().execute(async (trx) => {
    const statement = await trx
      .insertInto('statements')
      .values({
        organization_id: organizationId,
        source: input.source,
        account,
        file_key: input.file_key,
        first_date: days[0],
        last_date: days.at(-1)!,
        line_count: lines.length,
        added_count: 0,
        imported_by: caller.id,
        imported_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const added = await insertLines(trx, { id: statement.id, organization_id: organizationId, source: input.source, account }, lines);
    await trx.updateTable('statements').set({ added_count: added }).where('id', '=', statement.id).execute();
    const summary = {
      source: input.source,
      account,
      file_key: input.file_key,
      first_date: days[0],
      last_date: days.at(-1)!,
      lines: lines.length,
      added,
    };
    await recordAudit(trx, {
      organizationId,
      actorId: caller.id,
      entity: 'statement',
      entityId: statement.id,
      action: 'import',
      before: null,
      after: summary,
      at,
    });
    return { id: statement.id, ...summary, already_imported: lines.length - added };
  });
}
