/**
 * Budget vs actual: per code, for the requests whose expenditure date falls in the
 * period, what latest versions still commit (pending, on progress, returned, approved and not yet
 * retired) and what they spent (approved retirements' amounts), beside the code's amount; rolled
 * up per expense category, branch and department in TZS. One grouped scan of the report index.
 */
import {
  BRANCH_LABELS,
  EXPENSE_CATEGORY_LABELS,
  optionLabel,
  type Branch,
  type Currency,
  type ExchangeRates,
  type ExpenseCategory,
} from '@imprest/domain';
import type { BudgetLine, BudgetVsActual, Rollup } from '@imprest/domain/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { COMMITTING_STATUSES } from '../budget/usage';
import { major, tzsCents } from './money';
import type { Period } from './period';

type Db = Kysely<Database>;

export interface CodeRow {
  id: number;
  code: number;
  name: string;
  department: string;
  amount: number;
  amount_currency: string;
  meta_data: string;
}

interface Sums {
  committed: number;
  spent: number;
}

/** Per code id, what its latest requests dated in the period commit and spent (cents of the code's currency). */
export async function usageInPeriod(db: Db, organizationId: number, period: Period): Promise<Map<number, Sums>> {
  const committing = sql.join(COMMITTING_STATUSES.map((s) => sql.lit(s)));
  const rows = await db
    .selectFrom('requests')
    .select([
      'budget_code_id',
      sql<string>`coalesce(sum(case when current_status in (${committing}) and retired_amount is null then amount_requested else 0 end), 0)`.as(
        'committed',
      ),
      sql<string>`coalesce(sum(case when current_status in (${committing}) and retired_amount is not null then retired_amount else 0 end), 0)`.as(
        'spent',
      ),
    ])
    .where('organization_id', '=', organizationId)
    .where('is_latest', '=', 1)
    .where('expenditure_date', '>=', period.from)
    .where('expenditure_date', '<=', period.to)
    .groupBy('budget_code_id')
    .execute();
  return new Map(rows.map((r) => [r.budget_code_id, { committed: Number(r.committed), spent: Number(r.spent) }]));
}

interface Line {
  row: CodeRow;
  category: ExpenseCategory;
  branch: Branch;
  cents: { amount: number; committed: number; spent: number; remaining: number };
  tzs: { amount: number; committed: number; spent: number; remaining: number } | null;
}

const FIGURES = ['amount', 'committed', 'spent', 'remaining'] as const;

function rollup(lines: readonly Line[], keyOf: (l: Line) => string, labelOf: (key: string) => string): Rollup[] {
  const sums = new Map<string, Record<(typeof FIGURES)[number], number>>();
  for (const line of lines) {
    if (!line.tzs) continue;
    const key = keyOf(line);
    const into = sums.get(key) ?? sums.set(key, { amount: 0, committed: 0, spent: 0, remaining: 0 }).get(key)!;
    for (const f of FIGURES) into[f] += line.tzs[f];
  }
  return [...sums]
    .map(([key, s]) => ({
      key,
      label: labelOf(key),
      amount: major(s.amount)!,
      committed: major(s.committed)!,
      spent: major(s.spent)!,
      remaining: major(s.remaining)!,
    }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** The report from the codes the caller sees and their sums in the period. */
export function budgetVsActual(codes: readonly CodeRow[], usage: Map<number, Sums>, rates: ExchangeRates, period: Period): BudgetVsActual {
  const missing = new Set<string>();
  const lines: Line[] = codes.map((row) => {
    const [category, branch] = JSON.parse(row.meta_data) as [ExpenseCategory, Branch];
    const { committed, spent } = usage.get(row.id) ?? { committed: 0, spent: 0 };
    const amount = Number(row.amount);
    const cents = { amount, committed, spent, remaining: amount - committed - spent };
    const converted = FIGURES.map((f) => tzsCents(cents[f], row.amount_currency, rates));
    if (converted.some((c) => c === null)) missing.add(row.amount_currency);
    const tzs = converted.every((c) => c !== null)
      ? { amount: converted[0]!, committed: converted[1]!, spent: converted[2]!, remaining: converted[3]! }
      : null;
    return { row, category, branch, cents, tzs };
  });
  const codeLines: BudgetLine[] = lines.map(({ row, category, branch, cents, tzs }) => ({
    code: row.code,
    name: row.name,
    department: row.department,
    category: EXPENSE_CATEGORY_LABELS[category] ?? category,
    branch: BRANCH_LABELS[branch] ?? branch,
    currency: row.amount_currency as Currency,
    amount: major(cents.amount)!,
    committed: major(cents.committed)!,
    spent: major(cents.spent)!,
    remaining: major(cents.remaining)!,
    amount_tzs: major(tzs?.amount ?? null),
    committed_tzs: major(tzs?.committed ?? null),
    spent_tzs: major(tzs?.spent ?? null),
    remaining_tzs: major(tzs?.remaining ?? null),
  }));
  const total = rollup(
    lines,
    () => 'total',
    () => 'Organisation total',
  )[0] ?? { key: 'total', label: 'Organisation total', amount: 0, committed: 0, spent: 0, remaining: 0 };
  return {
    ...period,
    codes: codeLines,
    categories: rollup(
      lines,
      (l) => l.category,
      (k) => EXPENSE_CATEGORY_LABELS[k as ExpenseCategory] ?? k,
    ),
    branches: rollup(
      lines,
      (l) => l.branch,
      (k) => BRANCH_LABELS[k as Branch] ?? k,
    ),
    departments: rollup(
      lines,
      (l) => l.row.department,
      (k) => (k === 'all' ? 'All departments' : optionLabel(k)),
    ),
    total,
    missing_rates: [...missing].sort(),
  };
}
