import type { BudgetCodeOption } from '@imprest/api-client';
import { CURRENCIES, PAYMENT_MODES, TAX_STATUSES, formatAmount, optionLabel } from '@imprest/domain';
import { SimpleGrid } from '@imprest/ui';
import { AmountInput, FormField } from '@imprest/ui/forms';
import { TEXT } from '../../strings';
import { BudgetCodeInput } from './BudgetCodeInput';
import { bind, type RequestForm } from './form-helpers';
import { SelectField } from './SelectField';
import type { BalanceCheck } from './use-balance-check';

const { fields } = TEXT.form;
const CURRENCY_OPTIONS = CURRENCIES.map((value) => ({ value, label: value.toUpperCase() }));
const PAYMENT_OPTIONS = PAYMENT_MODES.map((value) => ({ value, label: optionLabel(value) }));
const TAX_OPTIONS = TAX_STATUSES.map((value) => ({ value, label: optionLabel(value) }));

interface MoneyFieldsProps {
  form: RequestForm;
  codes: BudgetCodeOption[] | undefined;
  budget: BalanceCheck;
}

/** Amount, currency, budget code, means of payment and tax status, with the budget checks (docs/screens.md, docs/product-rules.md §Validation). */
export function MoneyFields({ form, codes, budget }: MoneyFieldsProps) {
  const { values } = form;
  const amount = bind(form, 'amount');
  const code = bind(form, 'budget_code');
  const unlisted = !!codes && values.budget_code !== '' && !codes.some((c) => String(c.code) === values.budget_code);
  const codeProblem = budget.overBalance
    ? TEXT.form.overBalance
    : budget.currencyDiffers
      ? TEXT.form.currencyDiffers
      : unlisted
        ? TEXT.form.codeNotListed
        : undefined;
  const left =
    budget.balance && !budget.overBalance
      ? TEXT.form.balanceLeft(formatAmount(budget.balance.balance, budget.balance.currency))
      : undefined;

  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <FormField required label={fields.amount} error={amount.error}>
        <AmountInput
          name="amount"
          value={values.amount}
          onChange={amount.set}
          onBlur={() => {
            amount.blur();
            budget.check(values.budget_code, values.amount);
          }}
        />
      </FormField>
      <SelectField form={form} name="amount_currency" label={fields.currency} options={CURRENCY_OPTIONS} />
      <FormField
        required
        label={fields.budgetCode}
        error={code.error ?? codeProblem}
        helper={codes?.length === 0 ? TEXT.form.noCodes : left}
        wide
      >
        <BudgetCodeInput
          value={values.budget_code}
          codes={codes}
          invalid={!!(code.error ?? codeProblem)}
          onChange={(picked) => {
            code.set(picked);
            budget.check(picked, values.amount);
          }}
          onBlur={code.blur}
        />
      </FormField>
      <SelectField form={form} name="payment_mode" label={fields.payment} options={PAYMENT_OPTIONS} />
      <SelectField form={form} name="tax_status" label={fields.tax} options={TAX_OPTIONS} helper={TEXT.form.taxNote} />
    </SimpleGrid>
  );
}
