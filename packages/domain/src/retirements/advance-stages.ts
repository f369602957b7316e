/**
 * The stages and ageing buckets of an outstanding advance and how each reads (advance-standing.ts
 * says what they mean): values the contract's report schema and the rules both read, so this
 * module imports neither.
 */
import { RETIREMENT_STATUS_LABELS } from './retirement-status';

export const ADVANCE_STAGES = ['not_requested', 'not_submitted', 'rejected', 'under_review'] as const;
export type AdvanceStage = (typeof ADVANCE_STAGES)[number];

export const ADVANCE_STAGE_LABELS: Record<AdvanceStage, string> = {
  not_requested: 'Retirement not requested',
  not_submitted: RETIREMENT_STATUS_LABELS.pending,
  rejected: RETIREMENT_STATUS_LABELS.rejected,
  under_review: RETIREMENT_STATUS_LABELS.on_progress,
};

/**
 * How outstanding money is aged: by days past due while it is the owner's move (not yet due, up to
 * 14, up to 30, more than 30 — the warnings' and the lock's thresholds), and apart from that while
 * it waits on finance or on the reviewers.
 */
export const AGEING_BUCKETS = ['not_due', 'days_0_14', 'days_15_30', 'over_30', 'not_requested', 'under_review'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];

export const AGEING_LABELS: Record<AgeingBucket, string> = {
  not_due: 'Not due',
  days_0_14: '0–14 days',
  days_15_30: '15–30 days',
  over_30: 'Over 30 days',
  not_requested: 'Not requested',
  under_review: 'Under review',
};
