/** The approval matrix and the reviewer chain of a request (docs/product-rules.md §Roles, docs/product-rules.md). */
import type { ApprovalBand } from '../contract/approval';
import { MINOR_PER_MAJOR, fromMinorUnits, toMinorUnits } from '../money/money';
import { REVIEWER_SEQUENCE, type SystemRole } from '../users/roles';

/** One amount band (start inclusive, end exclusive, in TZS): the contract's shape (contract/approval.ts). */
export type { ApprovalBand };

export type ApprovalMatrix = readonly ApprovalBand[];

const APPROVAL_THRESHOLD_TZS = 150_000_000;

export const DEFAULT_APPROVAL_MATRIX: ApprovalMatrix = [
  {
    start_value: 0,
    end_value: APPROVAL_THRESHOLD_TZS,
    description: 'Up to 150,000,000 TZS',
    user_role: 'B',
    reviewers: ['finance_officer', 'executive_secretary'],
    cascading_notification: false,
  },
  {
    start_value: APPROVAL_THRESHOLD_TZS,
    end_value: null,
    description: '150,000,000 TZS and above',
    user_role: 'A',
    reviewers: ['finance_officer', 'executive_secretary', 'director'],
    cascading_notification: false,
  },
];

/** Exchange rates as TZS per one unit of a currency, keyed by currency code in any case. */
export type ExchangeRates = Readonly<Record<string, number>>;

function minorOrThrow(value: number, what: string): number {
  const minor = toMinorUnits(value);
  if (minor === null) throw new RangeError(`${what} must be a non-negative amount with at most two decimals`);
  return minor;
}

/**
 * The amount in TZS. Computed in whole cents with BigInt (amount cents × rate cents / 100), so
 * 0.29 USD at 2,500.10 never drifts; a half cent rounds up, as money does. TZS needs no rate.
 * Throws on an unknown currency, a missing or zero rate, or a malformed amount.
 */
export function toTzs(amount: number, currency: string, rates: ExchangeRates): number {
  const amountMinor = minorOrThrow(amount, 'amount');
  const code = currency.trim().toLowerCase();
  if (code === 'tzs') return fromMinorUnits(amountMinor);
  const key = Object.keys(rates).find((k) => k.toLowerCase() === code);
  if (key === undefined) throw new RangeError(`no exchange rate for currency '${currency}'`);
  const rateMinor = minorOrThrow(rates[key], `exchange rate for ${currency}`);
  if (rateMinor === 0) throw new RangeError(`exchange rate for ${currency} must be greater than 0`);
  const hundredthsOfCents = BigInt(amountMinor) * BigInt(rateMinor);
  const cents = (hundredthsOfCents + BigInt(MINOR_PER_MAJOR / 2)) / BigInt(MINOR_PER_MAJOR);
  if (cents > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('amount in TZS is too large');
  return fromMinorUnits(Number(cents));
}

/** The band holding a TZS amount (start inclusive, end exclusive), or null when none does. */
export function bandFor(matrix: ApprovalMatrix, amountTzs: number): ApprovalBand | null {
  const amount = minorOrThrow(amountTzs, 'amount');
  return (
    matrix.find((band) => {
      const start = minorOrThrow(band.start_value, 'start_value');
      const end = band.end_value === null ? null : minorOrThrow(band.end_value, 'end_value');
      return amount >= start && (end === null || amount < end);
    }) ?? null
  );
}

export function isReviewerRole(role: SystemRole): boolean {
  return REVIEWER_SEQUENCE.includes(role);
}

const bySequence = (a: SystemRole, b: SystemRole) => REVIEWER_SEQUENCE.indexOf(a) - REVIEWER_SEQUENCE.indexOf(b);

export interface ChainInput {
  matrix: ApprovalMatrix;
  amount: number;
  currency: string;
  rates: ExchangeRates;
  ownerRole: SystemRole;
  /** Role → number of active users holding it, the owner excluded. */
  holders: Partial<Record<SystemRole, number>>;
}

/**
 * The reviewer roles of a new request, in REVIEWER_SEQUENCE order. Nobody reviews their own
 * request: when the owner holds a step's role and nobody else does, the step passes to the next
 * role up the sequence that is not already in the chain and that someone holds (a step nobody
 * can act on would stall the request for ever). When no such role is left — the owner is the
 * only holder at the top of the sequence — the step is dropped and the other steps still review
 * the request; if that leaves no step at all, this throws, since a request is never approved
 * unreviewed. Throws too when no band holds the amount or a band names a non-reviewer role.
 */
export function resolveChain({ matrix, amount, currency, rates, ownerRole, holders }: ChainInput): SystemRole[] {
  const band = bandFor(matrix, toTzs(amount, currency, rates));
  if (!band) throw new RangeError('no approval band holds this amount');
  const bad = band.reviewers.find((role) => !isReviewerRole(role));
  if (bad) throw new RangeError(`'${bad}' is not a reviewer role`);
  const chain = [...new Set(band.reviewers)].sort(bySequence);
  const held = (role: SystemRole) => (holders[role] ?? 0) > 0;
  for (const step of [...chain]) {
    if (step !== ownerRole || held(step)) continue;
    const above = REVIEWER_SEQUENCE.slice(REVIEWER_SEQUENCE.indexOf(step) + 1);
    const next = above.find((role) => !chain.includes(role) && held(role));
    chain.splice(chain.indexOf(step), 1, ...(next ? [next] : []));
  }
  if (chain.length === 0) throw new RangeError('no reviewer other than the owner can review this request');
  return chain.sort(bySequence);
}
