/**
 * A retirement's optional lines (docs/product-rules.md §Retirements, "Lines"): what was spent, item by
 * item — the day, what it was for, the amount and its documents. Beyond SPEC and backward
 * compatible: a client that sends only amount_spent and file_paths is answered as before; when lines
 * are sent, the Total Amount Spent is exactly their sum. Amounts here are in minor units.
 */
import { formatAmount } from '../text/format';
import { fromMinorUnits } from '../money/money';

export const RETIREMENT_LINES_MAX = 50;
export const RETIREMENT_LINE_DESCRIPTION_MAX = 200;
/** Documents of one line (the retirement's own, and all of them together: RETIREMENT_FILES_MAX). */
export const RETIREMENT_LINE_FILES_MAX = 10;

export interface RetirementLineValues {
  /** YYYY-MM-DD. */
  date: string;
  description: string;
  /** Minor units. */
  amount: number;
}

export const RETIREMENT_LINE_MESSAGES = {
  date: (n: number) => `Line ${n}: enter the day the money was spent, not after today`,
  description: (n: number) => `Line ${n}: say what the money was spent on (at most ${RETIREMENT_LINE_DESCRIPTION_MAX} characters)`,
  amount: (n: number) => `Line ${n}: enter an amount above zero`,
  total: (total: number, currency: string) =>
    `Total Amount Spent must be the sum of the lines: ${formatAmount(fromMinorUnits(total), currency)}`,
} as const;

/** The lines' total, in minor units. */
export const linesTotal = (lines: readonly Pick<RetirementLineValues, 'amount'>[]) => lines.reduce((sum, line) => sum + line.amount, 0);

/** The first problem of the lines (1-based in the message), or null. `today` is the organisation's. */
export function retirementLinesProblem(lines: readonly RetirementLineValues[], today: string): string | null {
  for (const [i, line] of lines.entries()) {
    if (!line.date || line.date > today) return RETIREMENT_LINE_MESSAGES.date(i + 1);
    const description = line.description.trim();
    if (!description || description.length > RETIREMENT_LINE_DESCRIPTION_MAX) return RETIREMENT_LINE_MESSAGES.description(i + 1);
    if (!(line.amount > 0)) return RETIREMENT_LINE_MESSAGES.amount(i + 1);
  }
  return null;
}
