import {
  ALL_DEPARTMENTS,
  budgetChangeProblem,
  budgetValuesProblem,
  canRemoveBudget,
  costCodeOf,
  fromMinorUnits,
  fullBudgetCode,
  toMinorUnits,
  type BudgetCode,
  type BudgetStatus,
  type BudgetValues,
  type Branch,
  type ExpenseCategory,
} from '@imprest/domain';
import { organizationOf } from '../../access';
import { maySeeBudget } from '../../access/budget';
import { recordAudit } from '../../audit/repository';
import { nowIso } from '../../clock';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import type { UserRow } from '../../db/schema';
import { AppError, conflict, notFound } from '../../errors';
import { withIdempotency, type Answer, type CallKey } from '../../idempotency';
import { deleteBudgetRow, findBudget, insertBudget, updateBudgetRow, type BudgetUsageRow } from './repository';
import { toApiBudget } from './schemas';

const MIXED_UPDATE = 'Send exactly {id, current_status} to archive or re-activate, or the budget values without current_status to edit';
export const alreadyExists = (code: number) => `Budget code ${code} already exists`;
export const hasRequests = (code: number) => `Budget code ${code} has requests and cannot be deleted; archive it instead`;

export type NewBudgetInput = Omit<BudgetValues, 'description' | 'department'> & { description?: string; department?: string };
export type BudgetUpdateInput = { id: number; current_status?: BudgetStatus } & Partial<BudgetValues>;

type Db = AppContext['db'];
const EDIT_FIELDS = ['name', 'amount', 'amount_currency', 'code', 'meta_data'] as const;
const ENTITY = 'budget_code';

/** The stored columns for checked values: trimmed text, cents, and the full code recomputed from meta_data. */
function columnsOf(values: BudgetValues) {
  const problem = budgetValuesProblem(values);
  if (problem) throw new AppError('BAD_REQUEST', problem);
  const [category, branch] = values.meta_data as [ExpenseCategory, Branch];
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    amount: toMinorUnits(values.amount)!,
    amount_currency: values.amount_currency,
    department: values.department,
    code: fullBudgetCode(category, branch, costCodeOf(values.code, category, branch)!),
    meta_data: JSON.stringify([category, branch]),
  };
}
type Columns = ReturnType<typeof columnsOf>;

/** What the audit log keeps of a code: the API's own values (major units, meta_data as a list). */
function snapshot(columns: Partial<Columns & { current_status: BudgetStatus }>) {
  return {
    ...columns,
    ...(columns.amount !== undefined && { amount: fromMinorUnits(columns.amount) }),
    ...(columns.meta_data !== undefined && { meta_data: JSON.parse(columns.meta_data) as unknown }),
  };
}

async function assertCodeFree(db: Db, organizationId: number, code: number) {
  if (await findBudget(db, organizationId, { code })) throw conflict(alreadyExists(code), 'BUDGET_CODE_EXISTS');
}

/** A code of the caller's organisation they may see, locked for the rest of the transaction. */
async function lockedBudget(ctx: AppContext, db: Db, caller: UserRow, id: number): Promise<BudgetUsageRow> {
  const budget = await findBudget(db, caller.organization_id, { id }, ctx.dialect);
  if (!budget || !maySeeBudget(caller, budget)) throw notFound();
  return budget;
}

/** A concurrent write of the same code loses at the unique constraint rather than with a 500. */
async function unlessTaken<T>(code: () => number, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(alreadyExists(code()), 'BUDGET_CODE_EXISTS');
    throw error;
  }
}

/** POST budget. */
export async function createBudget(
  ctx: AppContext,
  caller: UserRow,
  input: NewBudgetInput,
  call: CallKey,
): Promise<Answer<{ data: BudgetCode }>> {
  const columns = columnsOf({ ...input, description: input.description ?? '', department: input.department ?? ALL_DEPARTMENTS });
  const organizationId = organizationOf(caller);
  return unlessTaken(
    () => columns.code,
    () =>
      withIdempotency(ctx, { userId: caller.id, ...call }, async (trx) => {
        await assertCodeFree(trx, organizationId, columns.code);
        const at = nowIso(ctx.clock);
        const row = await insertBudget(trx, {
          ...columns,
          organization_id: organizationId,
          current_status: 'active',
          created_at: at,
          modified_at: at,
        });
        await recordAudit(trx, {
          organizationId: caller.organization_id,
          actorId: caller.id,
          entity: ENTITY,
          entityId: row.id,
          action: 'create',
          before: null,
          after: snapshot({ ...columns, current_status: 'active' }),
          at,
        });
        return {
          status: 201,
          body: { data: toApiBudget({ ...row, amount: Number(row.amount), committed: 0, spent: 0, requests_count: 0 }) },
        };
      }),
  );
}

/** PUT budget: an edit of the values, or exactly {id, current_status}. Nothing different: the code as it is, no audit. */
export async function updateBudget(ctx: AppContext, caller: UserRow, input: BudgetUpdateInput): Promise<BudgetCode> {
  const { id, current_status: status, ...values } = input;
  if (status !== undefined) {
    if (Object.keys(values).length > 0) throw new AppError('BAD_REQUEST', MIXED_UPDATE);
    return setStatus(ctx, caller, id, status);
  }
  const missing = EDIT_FIELDS.filter((field) => values[field] === undefined);
  if (missing.length) throw new AppError('BAD_REQUEST', `Missing ${missing.join(', ')}: ${MIXED_UPDATE}`);

  let code = 0;
  return unlessTaken(
    () => code,
    () =>
      ctx.db.transaction().execute(async (trx) => {
        const before = await lockedBudget(ctx, trx, caller, id);
        const next = {
          ...(values as BudgetValues),
          description: values.description ?? before.description,
          department: values.department ?? before.department,
        };
        const columns = columnsOf(next);
        code = columns.code;
        const problem = budgetChangeProblem(
          {
            ...before,
            amount: fromMinorUnits(before.amount),
            committed: fromMinorUnits(before.committed),
            meta_data: JSON.parse(before.meta_data) as string[],
          },
          { ...next, code: columns.code },
        );
        if (problem) throw new AppError('BAD_REQUEST', problem);

        const changed = (Object.keys(columns) as Array<keyof Columns>).filter((field) => columns[field] !== before[field]);
        if (changed.length === 0) return toApiBudget(before);
        if (columns.code !== before.code) await assertCodeFree(trx, caller.organization_id, columns.code);
        const at = nowIso(ctx.clock);
        const changes = Object.fromEntries(changed.map((f) => [f, columns[f]])) as Partial<Columns>;
        await updateBudgetRow(trx, before.id, { ...changes, modified_at: at });
        await recordAudit(trx, {
          organizationId: caller.organization_id,
          actorId: caller.id,
          entity: ENTITY,
          entityId: before.id,
          action: 'update',
          before: snapshot(Object.fromEntries(changed.map((f) => [f, before[f]])) as Partial<Columns>),
          after: snapshot(changes),
          at,
        });
        return toApiBudget({ ...before, ...changes, modified_at: at });
      }),
  );
}

/** Archive (an archived code takes no new requests, docs/product-rules.md §Statuses) or re-activate. */
async function setStatus(ctx: AppContext, caller: UserRow, id: number, status: BudgetStatus): Promise<BudgetCode> {
  return ctx.db.transaction().execute(async (trx) => {
    const before = await lockedBudget(ctx, trx, caller, id);
    if (before.current_status === status) return toApiBudget(before);
    const at = nowIso(ctx.clock);
    await updateBudgetRow(trx, before.id, { current_status: status, modified_at: at });
    await recordAudit(trx, {
      organizationId: caller.organization_id,
      actorId: caller.id,
      entity: ENTITY,
      entityId: before.id,
      action: status === 'archived' ? 'archive' : 'reactivate',
      before: { current_status: before.current_status },
      after: { current_status: status },
      at,
    });
    return toApiBudget({ ...before, current_status: status, modified_at: at });
  });
}

/** POST budget/remove: only a code without requests (docs/product-rules.md §Validation); the audit log keeps what it was. */
export async function removeBudget(ctx: AppContext, caller: UserRow, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const before = await lockedBudget(ctx, trx, caller, id);
    if (!canRemoveBudget(before)) throw conflict(hasRequests(before.code), 'BUDGET_CODE_IN_USE');
    await deleteBudgetRow(trx, before.id);
    const { id: _id, organization_id: _org, committed: _c, spent: _s, requests_count: _n, ...kept } = before;
    await recordAudit(trx, {
      organizationId: caller.organization_id,
      actorId: caller.id,
      entity: ENTITY,
      entityId: before.id,
      action: 'delete',
      before: snapshot(kept),
      after: null,
      at: nowIso(ctx.clock),
    });
  });
}
