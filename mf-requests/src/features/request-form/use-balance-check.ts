import { useState } from 'react';
import { checkBudgetBalance, type BudgetBalance, type BudgetCodeOption } from '@imprest/api-client';
import { useBudgetBalance } from '@imprest/api-client/query';
import { parseAmountText } from '@imprest/domain';
import type { RequestFormValues } from '@imprest/domain/forms';

interface Checked {
  code: number;
  amount: number;
}

export interface BalanceCheck {
  /** docs/product-rules.md §Validation: the amount is more than the code has left; blocks submission. */
  overBalance: boolean;
  /** docs/product-rules.md §Validation: the chosen currency is not the code's; blocks submission. */
  currencyDiffers: boolean;
  /** What the code has left, once checked for the amount on show. */
  balance: BudgetBalance | undefined;
  /** Checks the code's balance for the amount (a code was picked, or the amount left with a code chosen). */
  check: (code: string, amount: string) => void;
  /** Before sending: checks now unless the values on show were checked; false when over balance. */
  confirm: () => Promise<boolean>;
}

const parsed = (code: string, amount: string): Checked | null => {
  const c = Number(code);
  const a = parseAmountText(amount);
  return Number.isInteger(c) && c > 0 && a !== null && a > 0 ? { code: c, amount: a } : null;
};

/**
 * The budget checks of the request form (docs/product-rules.md §Validation). The balance is asked when a code is picked or
 * the amount loses focus, not on every keystroke; a result only counts for the code and amount it
 * was asked for. The currency check needs no call: the pick list carries each code's currency.
 */
export function useBalanceCheck(values: RequestFormValues, codes: BudgetCodeOption[] | undefined): BalanceCheck {
  const [checked, setChecked] = useState<Checked | null>(null);
  const answer = useBudgetBalance(checked?.code ?? null, checked?.amount ?? null);
  const now = parsed(values.budget_code, values.amount);
  const current = !!now && !!checked && now.code === checked.code && now.amount === checked.amount;
  const balance = current ? answer.data : undefined;
  const option = codes?.find((c) => String(c.code) === values.budget_code);

  return {
    overBalance: balance?.has_balance === false,
    currencyDiffers: !!option && option.amount_currency !== values.amount_currency,
    balance,
    check: (code, amount) => setChecked(parsed(code, amount)),
    confirm: async () => {
      if (!now || current) return balance?.has_balance !== false;
      setChecked(now);
      // a failed check does not block: the server checks the balance again in its transaction
      const fresh = await checkBudgetBalance(now.code, now.amount).catch(() => null);
      return fresh?.has_balance !== false;
    },
  };
}
