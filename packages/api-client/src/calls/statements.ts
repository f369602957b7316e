import type { ConfirmMatchInput, Reconciliation, StatementImportInput, StatementList } from '@imprest/domain/contract';
import { http } from '../http';

export type { Reconciliation, StatementList };

/** The organisation's last statement imports and the bank accounts' remembered columns. */
export async function getStatements(): Promise<StatementList> {
  return (await http.get('statements')).data;
}

/** Imports an uploaded statement (its key from uploadFile); resolves with the new import's id and counts. */
export async function importStatement(
  input: StatementImportInput,
): Promise<{ id: number; lines: number; added: number; already_imported: number }> {
  return (await http.post('statements', input)).data.data;
}

/** One import's reconciliation: matched, ambiguous, unmatched both ways, reconciled. */
export async function getReconciliation(id: number): Promise<Reconciliation> {
  return (await http.get(`statements/${id}`)).data.data;
}

/** Confirms that a statement line proves a payout or settlement. */
export async function confirmStatementMatch(input: ConfirmMatchInput): Promise<void> {
  await http.post('statements/confirm', input);
}
