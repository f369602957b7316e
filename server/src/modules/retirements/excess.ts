import { RETIREMENT_EXCESS_MESSAGES, excessFits, retirementExcess, retirementExcessProblem, budgetRoom } from '@imprest/domain';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import { findBudget } from '../budget/repository';
import type { RetirementWithRequest } from './repository';

type Trx = Transaction<Database>;

/** The retirement's budget code with its usage now; `lock` takes the code's row lock first (PostgreSQL). */
async function codeOf(ctx: AppContext, trx: Trx, retirement: RetirementWithRequest, lock: boolean) {
  const budget = await findBudget(trx, retirement.organization_id, { code: retirement.budget_code }, lock ? ctx.dialect : undefined);
  if (!budget) throw new Error(`budget code ${retirement.budget_code} of retirement ${retirement.id} is missing`);
  return budget;
}

/**
 * At submission (docs/product-rules.md §Money, "Excess spending"): an excess needs the owner's comments and
 * must fit the code's room now, else it is refused as a probable typo. Only a check: the room is
 * reserved at the final approval, under the code's lock.
 */
export async function assertExcessAllowed(ctx: AppContext, trx: Trx, retirement: RetirementWithRequest, spent: number, comments: string) {
  const advance = Number(retirement.amount_requested);
  if (retirementExcess(advance, spent) === 0) return;
  const budget = await codeOf(ctx, trx, retirement, false);
  const problem = retirementExcessProblem({
    advance,
    spent,
    comments,
    balance: budget.amount - budget.committed,
    budgetCode: budget.code,
    currency: retirement.amount_currency,
  });
  if (problem) throw new AppError(problem.code, problem.message);
}

/**
 * At the final approval, before anything is written: the code is locked — the lock request
 * submissions and budget edits take — and the excess must still fit its room, else 409 and the
 * whole transaction rolls back. The caller then commits the amount spent in this same transaction,
 * so no interleaving of approvals, submissions and budget cuts takes the code below zero.
 */
export async function reserveExcess(ctx: AppContext, trx: Trx, retirement: RetirementWithRequest) {
  const advance = Number(retirement.amount_requested);
  const spent = Number(retirement.amount_spent);
  // still lock when within the advance: the commitment changes either way, in code order like submissions
  const budget = await codeOf(ctx, trx, retirement, true);
  const balance = budget.amount - budget.committed;
  if (excessFits(advance, spent, balance)) return;
  const message = RETIREMENT_EXCESS_MESSAGES.roomGone(
    retirementExcess(advance, spent),
    budgetRoom(balance),
    budget.code,
    retirement.amount_currency,
  );
  throw new AppError('BUDGET_EXCEEDED', message);
}
