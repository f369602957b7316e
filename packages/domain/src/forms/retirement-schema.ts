import { array, object, string } from 'yup';
import type { ExchangeRates } from '../approval/approval';
import { fromMinorUnits, toMinorUnits } from '../money/money';
import { RETIREMENT_EXCESS_MESSAGES, excessNeedsComments } from '../retirements/retirement-excess';
import { linesTotal, retirementLinesProblem } from '../retirements/retirement-lines';
import { receiptProblem } from '../retirements/retirement-receipts';

/** What the owner's retirement form holds: the amount as typed (with commas), the comments, the documents' keys. */
export interface RetirementFormValues {
  amount: string;
  comments: string;
  files: string[];
  /** What was spent, item by item (optional): the Total Amount Spent is then their sum. */
  lines: RetirementLineForm[];
}

/** One line as typed: the day, what it was for, the amount (with commas) and its documents' keys. */
export interface RetirementLineForm {
  date: string;
  description: string;
  amount: string;
  files: string[];
}

export const RETIREMENT_AMOUNT_PROBLEM = 'Enter the amount spent: a number of at least 0 with at most two decimals.';

/** The amount as typed (thousands separators kept) → minor units, or null when it is not an amount. */
export const spentMinorOf = (typed: string | undefined) => {
  const plain = (typed ?? '').replace(/,/g, '').trim();
  return plain ? toMinorUnits(plain) : null;
};

/** A line's amount in minor units (0 when it is not one, which the lines' rule refuses). */
const lineMinor = (line: RetirementLineForm) => spentMinorOf(line.amount) ?? 0;

/** The lines as the call carries them (major units). */
export const retirementLinesOf = (lines: RetirementLineForm[]) =>
  lines.map((line) => ({
    date: line.date,
    description: line.description.trim(),
    amount: fromMinorUnits(lineMinor(line)),
    file_paths: line.files,
  }));

/** Minor units spent: the lines' sum when there are lines, otherwise the amount typed; null when that is not an amount. */
export const spentOf = (values: Pick<RetirementFormValues, 'amount' | 'lines'>) =>
  values.lines?.length ? linesTotal(values.lines.map((line) => ({ amount: lineMinor(line) }))) : spentMinorOf(values.amount);

export interface RetirementSchemaOptions {
  /** The advance, minor units: spending more needs a reason in the comments. */
  advance: number;
  currency: string;
  /** The organisation's receipt exemption, minor units of TZS (0 until it is known: nothing exempt). */
  exemptBelowTzs: number;
  rates: ExchangeRates;
  /** The organisation's today: no line is spent after it. */
  today: string;
}

/**
 * Submit Retirement: the amount, an excess explained in the comments and a receipt for money spent,
 * in the server's own sentences (the same rules the server applies), said before anything is sent or queued.
 */
export function retirementFormSchema({ advance, currency, exemptBelowTzs, rates, today }: RetirementSchemaOptions) {
  return object({
    amount: string().test('amount', RETIREMENT_AMOUNT_PROBLEM, function amount(typed) {
      return (this.parent as RetirementFormValues).lines?.length > 0 || spentMinorOf(typed) !== null;
    }),
    lines: array().test('lines', '', function lines(given) {
      const typed = (given ?? []) as RetirementLineForm[];
      const problem = retirementLinesProblem(
        typed.map((line) => ({ date: line.date, description: line.description, amount: lineMinor(line) })),
        today,
      );
      return problem ? this.createError({ message: problem }) : true;
    }),
    comments: string().test('excess', RETIREMENT_EXCESS_MESSAGES.commentsNeeded, function explained(comments) {
      const spent = spentOf(this.parent as RetirementFormValues);
      return spent === null || !excessNeedsComments(advance, spent, comments ?? '');
    }),
    files: array(string().required()).test('receipts', '', function receipts(files) {
      const values = this.parent as RetirementFormValues;
      const spent = spentOf(values);
      if (spent === null) return true;
      // a line's documents count as receipts too, as on the server
      const documents = (files?.length ?? 0) + (values.lines ?? []).reduce((n, line) => n + line.files.length, 0);
      const problem = receiptProblem({ spent, currency, documents, exemptBelowTzs, rates });
      return problem ? this.createError({ message: problem }) : true;
    }),
  });
}
