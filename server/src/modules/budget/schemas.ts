import { Type } from '@sinclair/typebox';
import {
  ALL_DEPARTMENTS,
  BUDGET_AMOUNT_MAX,
  BUDGET_DESCRIPTION_MAX,
  BUDGET_NAME_MAX,
  BUDGET_STATUSES,
  CURRENCIES,
  DEPARTMENTS,
  fromMinorUnits,
  type BudgetCode,
  type Currency,
} from '@imprest/domain';
import { literals } from '@imprest/domain/contract';
import type { BudgetUsageRow } from './repository';

/** The answer shapes are the contract's; this file adds the bodies, params and queries. */
export { BalanceSchema, BudgetAnswer, BudgetCodesSchema, BudgetDetailSchema, BudgetPageSchema } from '@imprest/domain/contract';

const strict = { additionalProperties: false } as const;

function metaDataOf(text: string): [string, string] {
  try {
    const value: unknown = JSON.parse(text);
    if (Array.isArray(value)) return [String(value[0] ?? ''), String(value[1] ?? '')];
  } catch {
    // a row written by hand; the form shows it as unknown
  }
  return ['', ''];
}

/** The API form of a stored code: cents become major units here and nowhere else. */
export function toApiBudget(row: BudgetUsageRow): BudgetCode {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    description: row.description,
    amount: fromMinorUnits(row.amount),
    amount_currency: row.amount_currency as Currency,
    department: row.department,
    current_status: row.current_status,
    meta_data: metaDataOf(row.meta_data),
    committed: fromMinorUnits(row.committed),
    spent: fromMinorUnits(row.spent),
    balance: fromMinorUnits(row.amount - row.committed),
    requests_count: row.requests_count,
    created_at: row.created_at,
    modified_at: row.modified_at,
  };
}

/**
 * The limits and option lists are the domain's (the budget form reads the same ones); the meaning
 * (known category and branch, the code fits them, the amount exact) is budgetValuesProblem's.
 */
const values = {
  name: Type.String({ maxLength: BUDGET_NAME_MAX, description: 'Required (once trimmed)' }),
  description: Type.String({ maxLength: BUDGET_DESCRIPTION_MAX }),
  amount: Type.Number({ maximum: BUDGET_AMOUNT_MAX, description: 'Greater than 0; major units, at most 2 decimals' }),
  department: literals([...DEPARTMENTS, ALL_DEPARTMENTS], { description: `A department, or '${ALL_DEPARTMENTS}'` }),
  amount_currency: literals(CURRENCIES),
  code: Type.Integer({ description: 'The full code; the server checks it against meta_data: code − category − branch must be 1..99' }),
  meta_data: Type.Array(Type.String({ maxLength: 100 }), { minItems: 2, maxItems: 2, description: '[expense category key, branch key]' }),
};

export const NewBudgetBody = Type.Object(
  {
    ...values,
    description: Type.Optional(values.description),
    department: Type.Optional(
      literals([...DEPARTMENTS, ALL_DEPARTMENTS], { description: `A department, or '${ALL_DEPARTMENTS}' (the default)` }),
    ),
  },
  strict,
);

/**
 * PUT budget: every value of the code (description and department may be left out to keep them),
 * or exactly {id, current_status} to archive or re-activate. One schema for both, so a wrong
 * mixture gets a message saying so rather than a schema union's.
 */
export const UpdateBudgetBody = Type.Object(
  {
    id: Type.Integer({ minimum: 1 }),
    current_status: Type.Optional(Type.Union(BUDGET_STATUSES.map((s) => Type.Literal(s)))),
    name: Type.Optional(values.name),
    description: Type.Optional(values.description),
    amount: Type.Optional(values.amount),
    department: Type.Optional(values.department),
    amount_currency: Type.Optional(values.amount_currency),
    code: Type.Optional(values.code),
    meta_data: Type.Optional(values.meta_data),
  },
  strict,
);

export const RemoveBudgetBody = Type.Object({ id: Type.Integer({ minimum: 1 }) }, strict);

/** A full code in a path, as text so "61.5" or "0x10" are refused rather than read as numbers. */
export const CodeParams = Type.Object({ code: Type.String({ pattern: '^[1-9][0-9]{0,5}$', description: 'The full budget code' }) }, strict);

const PER_PAGE_MAX = 100;
export const DEFAULT_PER_PAGE = 10;
const paging = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: PER_PAGE_MAX, default: DEFAULT_PER_PAGE })),
};

export const BudgetListQuery = Type.Object(
  {
    ...paging,
    search: Type.Optional(Type.String({ maxLength: 100, description: 'Part of the name (any case) or of the code' })),
    department: Type.Optional(
      Type.String({
        maxLength: 100,
        description: "Codes open to this department (its own and 'all'); only for those who see every department",
      }),
    ),
  },
  strict,
);

export const RequestsQuery = Type.Object(paging, strict);

// Written plainly, as the query numbers are (plugins/strict-numbers.ts): no spaces, sign or exponent.
export const BalanceQuery = Type.Object(
  { amount: Type.String({ maxLength: 40, description: 'A positive amount written in digits, at most 2 decimals (no spaces or signs)' }) },
  strict,
);
