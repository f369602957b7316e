import { array, object, string } from 'yup';
import type { ExchangeRates } from '../approval/approval';
import { toMinorUnits } from '../money/money';
import { RETIREMENT_EXCESS_MESSAGES, excessNeedsComments } from '../retirements/retirement-excess';
import { receiptProblem } from '../retirements/retirement-receipts';

/** What the owner's retirement form holds: the amount as typed (with commas), the comments, the documents' keys. */
export interface RetirementFormValues {
  amount: string;
  comments: string;
  files: string[];
}

export const RETIREMENT_AMOUNT_PROBLEM = 'Enter the amount spent: a number of at least 0 with at most two decimals.';

/** The amount as typed (thousands separators kept) → minor units, or null when it is not an amount. */
export const spentMinorOf = (typed: string | undefined) => {
  const plain = (typed ?? '').replace(/,/g, '').trim();
  return plain ? toMinorUnits(plain) : null;
};

export interface RetirementSchemaOptions {
  /** The advance, minor units: spending more needs a reason in the comments. */
  advance: number;
  currency: string;
  /** The organisation's receipt exemption, minor units of TZS (0 until it is known: nothing exempt). */
  exemptBelowTzs: number;
  rates: ExchangeRates;
}

/**
 * Submit Retirement: the amount, an excess explained in the comments and a receipt for money spent,
 * in the server's own sentences (the same rules the server applies), said before anything is sent or queued.
 */
export function retirementFormSchema({ advance, currency, exemptBelowTzs, rates }: RetirementSchemaOptions) {
  return object({
    amount: string().test('amount', RETIREMENT_AMOUNT_PROBLEM, (typed) => spentMinorOf(typed) !== null),
    comments: string().test('excess', RETIREMENT_EXCESS_MESSAGES.commentsNeeded, function explained(comments) {
      const spent = spentMinorOf((this.parent as RetirementFormValues).amount);
      return spent === null || !excessNeedsComments(advance, spent, comments ?? '');
    }),
    files: array(string().required()).test('receipts', '', function receipts(files) {
      const spent = spentMinorOf((this.parent as RetirementFormValues).amount);
      if (spent === null) return true;
      const problem = receiptProblem({ spent, currency, documents: files?.length ?? 0, exemptBelowTzs, rates });
      return problem ? this.createError({ message: problem }) : true;
    }),
  });
}
