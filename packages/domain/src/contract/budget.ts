import { Type, type Static } from '@sinclair/typebox';
import { BUDGET_STATUSES } from '../budget/budget-fields';
import { CURRENCIES } from '../organization/options';
import { literals, pageOf, strict, time } from './common';

const amount = (description: string) => Type.Number({ description: `${description}; major units, at most 2 decimals` });
const CurrencySchema = literals(CURRENCIES);

/** A budget code as every answer carries it (the Budget Code entity). */
export const BudgetCodeSchema = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    code: Type.Integer({ description: 'The full four-digit code: category + branch + cost code' }),
    description: Type.String(),
    amount: amount('The budget'),
    amount_currency: CurrencySchema,
    department: Type.String({ description: "A department, or 'all'" }),
    current_status: literals(BUDGET_STATUSES),
    // a pair written as a two-item array: OpenAPI 3.0 has no tuples
    meta_data: Type.Unsafe<[string, string]>(
      Type.Array(Type.String(), { minItems: 2, maxItems: 2, description: '[expense category key, branch key]' }),
    ),
    committed: amount(
      'What requests hold against the code: the amount requested of those not yet retired, the amount spent of those retired (spent included)',
    ),
    spent: amount('The part of committed that approved retirements reported spent'),
    balance: amount('amount − committed'),
    requests_count: Type.Integer(),
    created_at: time(),
    modified_at: time(),
  },
  strict,
);

/** One request spending against a code, as the detail call lists it. */
export const BudgetRequestSchema = Type.Object(
  {
    id: Type.Integer(),
    request_owner_name: Type.String(),
    purpose: Type.String(),
    expenditure_date: Type.String(),
    amount_requested: Type.Number(),
    amount_currency: CurrencySchema,
    current_status: Type.String(),
  },
  strict,
);

export const BudgetAnswer = Type.Object({ data: BudgetCodeSchema }, strict);
export const BudgetPageSchema = pageOf('budget_codes', BudgetCodeSchema);
export const BudgetDetailSchema = Type.Object({ data: BudgetCodeSchema, requests: pageOf('data', BudgetRequestSchema) }, strict);
const BudgetCodeOptionSchema = Type.Object({ code: Type.Integer(), name: Type.String(), amount_currency: CurrencySchema }, strict);
export const BudgetCodesSchema = Type.Object({ budget_codes: Type.Array(BudgetCodeOptionSchema) }, strict);
export const BalanceSchema = Type.Object(
  { has_balance: Type.Boolean(), currency: CurrencySchema, balance: amount("What is left on the code, in the code's currency") },
  strict,
);

export type BudgetPage = Static<typeof BudgetPageSchema>;
export type BudgetDetail = Static<typeof BudgetDetailSchema>;
/** An active code as the request form offers it. */
export type BudgetCodeOption = Static<typeof BudgetCodeOptionSchema>;
export type BudgetBalance = Static<typeof BalanceSchema>;
