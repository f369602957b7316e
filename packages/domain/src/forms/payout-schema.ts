import { PAYOUT_MESSAGES, payoutProblems, type PayoutBounds } from '../settlement/payout';
import { movementFormSchema, type MovementFormValues } from './movement-schema';

/** What the Record payout form holds. */
export type PayoutFormValues = MovementFormValues;

/** The Record payout form: payoutProblems, as the server applies it; an amount typed with more than two decimals says so. */
export const payoutFormSchema = (bounds: PayoutBounds) =>
  movementFormSchema((check, typed) => {
    const problems = payoutProblems(check, bounds);
    const unreadable = (typed.amount ?? '').trim() !== '' && check.amount === null;
    return unreadable ? { ...problems, amount: PAYOUT_MESSAGES.amountDecimals } : problems;
  });
