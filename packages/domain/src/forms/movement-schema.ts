import { object, string } from 'yup';
import { parseAmountText } from '../budget/budget-form';
import { MOVEMENT_MESSAGES, isMobileNetwork, isMovementMethod } from '../money/money-movement';
import { fromMinorUnits, toMinorUnits } from '../money/money';
import type { PayoutCheck } from '../settlement/payout';

/** What a form recording moved money holds (payout, settlement): the amount as typed (with commas), '' for what is not chosen. */
export interface MovementFormValues {
  amount: string;
  date: string;
  method: string;
  network: string;
  reference: string;
  phone: string;
}

type MovementFormField = keyof MovementFormValues;

/** The values as the server checks them (commas stripped, minor units, no network or phone without mobile money); null without a method. */
function movementCheckOf(given: MovementFormValues): PayoutCheck | null {
  // formik hands yup an emptied field as undefined
  const values = Object.fromEntries(Object.entries(given).map(([k, v]) => [k, v ?? ''])) as unknown as MovementFormValues;
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

/** What the call carries for validated values: the amount in major units, the reference trimmed, a phone only for mobile money. */
export function movementBodyOf(values: MovementFormValues) {
  const check = movementCheckOf(values);
  if (!check || check.amount === null) throw new RangeError('the values were not validated');
  const { amount, date, method, network, reference, phone } = check;
  return { amount: fromMinorUnits(amount), date, method, network, reference: reference.trim(), phone: phone.trim() || null };
}

/** A rule's problems, by field, for values that name a method (the typed values beside, for what the check lost). */
type MovementProblems = (check: PayoutCheck, typed: MovementFormValues) => Partial<Record<MovementFormField, string>>;

/**
 * A money-movement form's schema: each field says the problem the rule (the server's own) finds for
 * it, in its words, except a missing network, said under the network's select rather than the method.
 */
export function movementFormSchema(problemsOf: MovementProblems) {
  const rule = (field: MovementFormField) =>
    string()
      .default('')
      .test(field, '', function check() {
        const values = this.parent as MovementFormValues;
        const input = movementCheckOf(values);
        if (!input) return field === 'method' ? this.createError({ message: MOVEMENT_MESSAGES.methodRequired }) : true;
        const problems = problemsOf(input, values);
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
