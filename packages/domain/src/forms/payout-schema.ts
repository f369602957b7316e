import { object, string } from 'yup';
import { parseAmountText } from '../budget/budget-form';
import { MOVEMENT_MESSAGES, isMobileNetwork, isMovementMethod } from '../money/money-movement';
import { toMinorUnits } from '../money/money';
import { PAYOUT_MESSAGES, payoutProblems, type PayoutBounds, type PayoutCheck } from '../settlement/payout';

/** What the Record payout form holds: the amount as typed (with commas), '' for what is not chosen. */
export interface PayoutFormValues {
  amount: string;
  date: string;
  method: string;
  network: string;
  reference: string;
  phone: string;
}

/** The values as the server checks them (commas stripped, minor units, no network without mobile money). */
export function payoutCheckOf(given: PayoutFormValues): PayoutCheck | null {
  // formik hands yup an emptied field as undefined
  const values = Object.fromEntries(Object.entries(given).map(([k, v]) => [k, v ?? ''])) as unknown as PayoutFormValues;
  if (!isMovementMethod(values.method)) return null;
  const amount = parseAmountText(values.amount);
  const mobile = values.method === 'mobile_money';
  return {
    method: values.method,
    network: mobile && isMobileNetwork(values.network) ? values.network : null,
    reference: values.reference,
    phone: mobile ? values.phone : '',
    date: values.date,
    amount: amount === null ? null : toMinorUnits(amount),
  };
}

/**
 * The Record payout form: each field says the problem payoutProblems finds for it, as the server
 * would (the same rules, the same words), except a missing network, said under the network's select.
 */
export function payoutFormSchema(bounds: PayoutBounds) {
  const rule = (field: keyof PayoutFormValues) =>
    string()
      .default('')
      .test(field, '', function check() {
        const values = this.parent as PayoutFormValues;
        const input = payoutCheckOf(values);
        if (!input) return field === 'method' ? this.createError({ message: MOVEMENT_MESSAGES.methodRequired }) : true;
        if (field === 'amount' && (values.amount ?? '').trim() && input.amount === null)
          return this.createError({ message: PAYOUT_MESSAGES.amountDecimals });
        const problems = payoutProblems(input, bounds);
        const networkMissing = problems.method === MOVEMENT_MESSAGES.networkRequired;
        const message =
          field === 'network'
            ? networkMissing
              ? problems.method
              : undefined
            : field === 'method' && networkMissing
              ? undefined
              : problems[field];
        return message ? this.createError({ message }) : true;
      });
  return object({
    amount: rule('amount'),
    date: rule('date'),
    method: rule('method'),
    network: rule('network'),
    reference: rule('reference'),
    phone: rule('phone'),
  });
}
