import {
  RETIREMENT_FILES_MAX,
  RETIREMENT_LINE_MESSAGES,
  fromMinorUnits,
  linesTotal,
  retirementLinesProblem,
  toMinorUnits,
  type RetirementSubmitInput,
} from '@imprest/domain';
import type { RetirementLine } from '@imprest/domain/contract';
import { AppError } from '../../errors';

/** A line as stored in retirements.lines and retirement_submissions.lines: its amount in minor units. */
interface StoredLine {
  date: string;
  description: string;
  amount: number;
  file_paths: string[];
}

export interface SubmittedLines {
  /** JSON for the row; '[]' when only a total was given. */
  stored: string;
  /** The retirement's documents and every line's, each once: what the receipt rule counts and the upload check reads. */
  files: string[];
}

/**
 * The submission's lines, checked (docs/product-rules.md §Retirements, "Lines"): each dated on or
 * before the organisation's `today`, described, above zero; when there are lines, Total Amount
 * Spent (`spent`, minor units) is exactly their sum. Without lines, what SPEC sends is kept as it is.
 */
export function submittedLines(input: RetirementSubmitInput, spent: number, today: string, currency: string): SubmittedLines {
  const lines: StoredLine[] = (input.lines ?? []).map((line) => ({
    date: line.date,
    description: line.description.trim(),
    amount: toMinorUnits(line.amount) ?? -1,
    file_paths: line.file_paths,
  }));
  const problem = retirementLinesProblem(lines, today);
  if (problem) throw new AppError('BAD_REQUEST', problem);
  if (lines.length > 0 && linesTotal(lines) !== spent)
    throw new AppError('BAD_REQUEST', RETIREMENT_LINE_MESSAGES.total(linesTotal(lines), currency));
  const files = [...new Set([...input.file_paths, ...lines.flatMap((line) => line.file_paths)])];
  if (files.length > RETIREMENT_FILES_MAX) throw new AppError('BAD_REQUEST', `At most ${RETIREMENT_FILES_MAX} documents in all`);
  return { stored: JSON.stringify(lines), files };
}

/** The stored lines as the API answers them (amounts in major units). */
export function toApiLines(stored: string): RetirementLine[] {
  return (JSON.parse(stored) as StoredLine[]).map((line) => ({ ...line, amount: fromMinorUnits(line.amount) }));
}
