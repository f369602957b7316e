/**
 * Spending above the advance (docs/product-rules.md §Money, "Excess spending"): the excess must fit in
 * the budget code's room (amount − committed), because an approved retirement commits what was spent
 * instead of what was advanced. The owner explains an excess in the comments; an amount beyond the
 * advance plus the room is refused as a probable typo at submission, and the room is checked again,
 * under the code's lock, at the final approval. All amounts here are in minor units (cents).
 */
import { formatAmount } from '../text/format';
import { fromMinorUnits } from '../money/money';

/** How much more than the advance was spent, 0 when not more. */
export function retirementExcess(advance: number, spent: number): number {
  return Math.max(0, spent - advance);
}

/** What a code with this balance (amount − committed) can still take: 0 for a code already below zero. */
export function budgetRoom(balance: number): number {
  return Math.max(0, balance);
}

const money = (minor: number, currency: string) => formatAmount(fromMinorUnits(minor), currency);

export const RETIREMENT_EXCESS_MESSAGES = {
  /** What every reviewer reads before acting, and the owner before submitting. */
  notice: (excess: number, currency: string) => `Spent ${money(excess, currency)} more than advanced`,
  commentsNeeded: 'More was spent than advanced: say why in the comments for the reviewer',
  /** Submission: the amount cannot fit, so it is most likely mistyped. */
  overRoom: (excess: number, room: number, code: number, currency: string) =>
    `Total Amount Spent is ${money(excess, currency)} more than advanced, but budget code ${code} has only ${money(room, currency)} left. ` +
    'This is probably a typo: check the amount. If it is right, ask finance to raise the code’s amount first',
  /** Final approval: the room went to other requests since the submission. */
  roomGone: (excess: number, room: number, code: number, currency: string) =>
    `This retirement spent ${money(excess, currency)} more than advanced, but budget code ${code} now has only ${money(room, currency)} left. ` +
    'Ask finance to raise the code’s amount, then approve again',
} as const;

/** The error code of both refusals for want of room. */
export const BUDGET_EXCEEDED = 'BUDGET_EXCEEDED';

/** "Spent TZS X more than advanced", or null when no more than the advance was spent. */
export function excessNotice(advance: number, spent: number, currency: string): string | null {
  const excess = retirementExcess(advance, spent);
  return excess > 0 ? RETIREMENT_EXCESS_MESSAGES.notice(excess, currency) : null;
}

/** An excess is explained by the owner: the comments may not be blank (the form asks before the server refuses). */
export function excessNeedsComments(advance: number, spent: number, comments: string): boolean {
  return retirementExcess(advance, spent) > 0 && !comments.trim();
}

export interface ExcessCheck {
  advance: number;
  spent: number;
  comments: string;
  /** The code's amount − committed now (this request's advance among the committed); may be negative. */
  balance: number;
  budgetCode: number;
  currency: string;
}

export type ExcessProblem = { code: 'BAD_REQUEST'; message: string } | { code: typeof BUDGET_EXCEEDED; message: string };

/**
 * Why a retirement submission is refused for its excess, or null: it may not exceed the code's room
 * (spent > advance + room is a probable typo, said first: no comment would make it pass), and it
 * needs the owner's comments.
 */
export function retirementExcessProblem(check: ExcessCheck): ExcessProblem | null {
  const excess = retirementExcess(check.advance, check.spent);
  if (excess === 0) return null;
  const room = budgetRoom(check.balance);
  if (excess > room)
    return { code: BUDGET_EXCEEDED, message: RETIREMENT_EXCESS_MESSAGES.overRoom(excess, room, check.budgetCode, check.currency) };
  if (excessNeedsComments(check.advance, check.spent, check.comments))
    return { code: 'BAD_REQUEST', message: RETIREMENT_EXCESS_MESSAGES.commentsNeeded };
  return null;
}

/** At the final approval: the excess still fits the balance read under the code's lock (else the roomGone refusal). */
export function excessFits(advance: number, spent: number, balance: number): boolean {
  return retirementExcess(advance, spent) <= budgetRoom(balance);
}
