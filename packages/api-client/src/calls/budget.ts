import type { BudgetCode, BudgetInput, BudgetStatus } from '@imprest/domain';
import type { BudgetBalance, BudgetCodeOption, BudgetDetail, BudgetPage } from '@imprest/domain/contract';
import { http } from '../http';
import { withKey, type CreateOptions } from '../idempotency';
import { fetchDownload, type DownloadedFile } from './download';

/** The answers' shapes are the contract's: a server change that breaks them fails this package's type check. */
export type { BudgetBalance, BudgetCodeOption, BudgetDetail, BudgetPage };

export interface BudgetListQuery {
  page: number;
  per_page?: number;
  search?: string;
  /** Narrows the list for those who see every department; the server scopes everyone else. */
  department?: string;
}

export interface BudgetRequestsQuery {
  page: number;
  per_page?: number;
}

export type BudgetUpdate = { id: number } & BudgetInput;

export interface BudgetStatusChange {
  id: number;
  current_status: BudgetStatus;
}

export async function listBudgets(query: BudgetListQuery): Promise<BudgetPage> {
  return (await http.get('budget', { params: { ...query, search: query.search || undefined, department: query.department || undefined } }))
    .data;
}

export async function getBudget(code: number, query: BudgetRequestsQuery): Promise<BudgetDetail> {
  return (await http.get(`budget/${encodeURIComponent(code)}`, { params: query })).data;
}

export async function listBudgetCodes(): Promise<{ budget_codes: BudgetCodeOption[] }> {
  return (await http.get('budget/codes')).data;
}

export async function checkBudgetBalance(code: number, amount: number): Promise<BudgetBalance> {
  return (await http.get(`budget/${encodeURIComponent(code)}/balance`, { params: { amount } })).data;
}

export async function createBudget(body: BudgetInput, options?: CreateOptions): Promise<{ data: BudgetCode }> {
  return (await http.post('budget', body, withKey(options))).data;
}

export async function updateBudget(body: BudgetUpdate): Promise<{ data: BudgetCode }> {
  return (await http.put('budget', body)).data;
}

/** Archive or re-activate (docs/product-rules.md §Statuses). */
export async function setBudgetStatus(body: BudgetStatusChange): Promise<{ data: BudgetCode }> {
  return (await http.put('budget', body)).data;
}

/** Only a code without requests can be removed. */
export async function removeBudget(id: number): Promise<void> {
  await http.post('budget/remove', { id });
}

/** The code's requests as an .xlsx file, named as the server names it. */
export async function downloadBudget(code: number): Promise<DownloadedFile> {
  return fetchDownload(`budget/download/${encodeURIComponent(code)}`, `budget-${code}.xlsx`);
}
