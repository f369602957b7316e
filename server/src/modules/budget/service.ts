import {
  ALL_DEPARTMENTS,
  budgetDepartmentsFor,
  fromMinorUnits,
  optionLabel,
  isBudgetDepartment,
  toMinorUnits,
  type BudgetRequest,
  type Currency,
} from '@imprest/domain';
import { budgetDepartmentsVisibleTo, maySeeBudget } from '../../access/budget';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import type { CallKey } from '../../idempotency';
import { keysetPages } from '../../db/keyset';
import { dayCell, xlsxStream } from '../../spreadsheet';
import { createBudget, removeBudget, updateBudget, type BudgetUpdateInput, type NewBudgetInput } from './manage-budget';
import {
  budgetReadScope,
  budgetRequestsNewestFirst,
  findBudget,
  listActiveCodes,
  listBudgetRequests,
  listBudgets,
  type BudgetRequestRow,
  type BudgetUsageRow,
} from './repository';
import { DEFAULT_PER_PAGE, toApiBudget } from './schemas';

export const BAD_BALANCE_AMOUNT = 'amount must be a positive number with at most 2 decimals';
const DOWNLOAD_HEADERS = ['NAME', 'PURPOSE', 'EXPENDITURE DATE', 'AMOUNT', 'CURRENCY', 'APPROVAL NUMBER', 'STATUS'];

export interface Paging {
  page?: number;
  per_page?: number;
}

function pageOf(paging: Paging) {
  const page = paging.page ?? 1;
  const perPage = paging.per_page ?? DEFAULT_PER_PAGE;
  return { page, perPage, limit: perPage, offset: (page - 1) * perPage };
}

// The API row (BudgetRequest): the download reads approval_number from the row, the answer leaves it out.
const toApiRequest = ({ approval_number: _, ...row }: BudgetRequestRow): BudgetRequest => ({
  ...row,
  amount_currency: row.amount_currency as Currency,
  amount_requested: fromMinorUnits(row.amount_requested),
});

export function createBudgetService(ctx: AppContext) {
  /** A code the caller may see; anything else (another organisation's, another department's, none) is 404. */
  async function visibleBudget(caller: UserRow, code: number): Promise<BudgetUsageRow> {
    const budget = await findBudget(ctx.db, caller.organization_id, { code });
    if (!budget || !maySeeBudget(caller, budget)) throw notFound();
    return budget;
  }

  /**
   * GET budget. Those who see every department may narrow to the codes open to one department
   * (its own and 'all'); everyone else always gets exactly theirs, whatever they ask for.
   */
  async function list(caller: UserRow, query: Paging & { search?: string; department?: string }) {
    if (query.department && !isBudgetDepartment(query.department)) {
      throw new AppError('BAD_REQUEST', `Unknown department "${query.department.slice(0, 40)}"`);
    }
    const narrowed = query.department && query.department !== ALL_DEPARTMENTS ? budgetDepartmentsFor(query.department) : null;
    const departments = budgetDepartmentsVisibleTo(caller) ?? narrowed;
    const { page, perPage, limit, offset } = pageOf(query);
    const { rows, total } = await listBudgets(
      ctx.db,
      { organizationId: caller.organization_id, departments, search: query.search?.trim() || null },
      { limit, offset },
    );
    return { budget_codes: rows.map(toApiBudget), page, per_page: perPage, total };
  }

  async function get(caller: UserRow, code: number, paging: Paging) {
    const budget = await visibleBudget(caller, code);
    const { page, perPage, limit, offset } = pageOf(paging);
    const requests = await listBudgetRequests(ctx.db, caller, budget.id, { limit, offset });
    return {
      data: toApiBudget(budget),
      requests: { data: requests.rows.map(toApiRequest), page, per_page: perPage, total: requests.total },
    };
  }

  async function codes(caller: UserRow) {
    const rows = await listActiveCodes(ctx.db, caller.organization_id, budgetDepartmentsVisibleTo(caller));
    return { budget_codes: rows.map((r) => ({ ...r, amount_currency: r.amount_currency as Currency })) };
  }

  /** GET budget/{code}/balance: whether the amount fits what is left; an archived code takes no requests (404). */
  async function balance(caller: UserRow, code: number, amountText: string) {
    // Plain digits only: toMinorUnits would read ' 5' or '5e0' as 5.
    const amount = /^[0-9]+(\.[0-9]{1,2})?$/.test(amountText) ? toMinorUnits(amountText) : null;
    if (amount === null || amount <= 0) throw new AppError('BAD_REQUEST', BAD_BALANCE_AMOUNT);
    const budget = await visibleBudget(caller, code);
    if (budget.current_status !== 'active') throw notFound();
    const left = budget.amount - budget.committed;
    return { has_balance: amount <= left, currency: budget.amount_currency as Currency, balance: fromMinorUnits(left) };
  }

  /** GET budget/download/{code}: the code's requests as a workbook. */
  async function download(caller: UserRow, code: number) {
    const budget = await visibleBudget(caller, code);
    // Labels, as the screens show them, not stored keys ('accomodation', 'on_progress').
    const toCells = (r: Omit<BudgetRequestRow, 'amount_requested'> & { amount_requested: number | string }) => [
      r.request_owner_name,
      optionLabel(r.purpose),
      dayCell(r.expenditure_date),
      fromMinorUnits(Number(r.amount_requested)),
      r.amount_currency.toUpperCase(),
      r.approval_number,
      optionLabel(r.current_status),
    ];
    // read a page at a time and streamed (keysetPages, xlsxStream): the loop is never held for the whole code
    const scope = await budgetReadScope(ctx.db, caller);
    const pages = keysetPages(budgetRequestsNewestFirst(ctx.db, caller, budget.id, scope), 'requests');
    return {
      filename: `budget-${budget.code}.xlsx`,
      file: await xlsxStream(`Budget ${budget.code}`, DOWNLOAD_HEADERS, pages, toCells, ctx.clock()),
    };
  }

  return {
    list,
    get,
    codes,
    balance,
    download,
    create: (caller: UserRow, input: NewBudgetInput, call: CallKey) => createBudget(ctx, caller, input, call),
    update: (caller: UserRow, input: BudgetUpdateInput) => updateBudget(ctx, caller, input),
    remove: (caller: UserRow, id: number) => removeBudget(ctx, caller, id),
  };
}

export type BudgetService = ReturnType<typeof createBudgetService>;
