/**
 * Where an approved advance whose money is not yet accounted for stands (the Outstanding advances
 * report, docs/product-rules.md §Retirements): whose move it is, and how long it has waited on
 * them, in calendar days of the organisation.
 *
 * - Retirement not requested: no retirement yet (finance's Request Retirement); the owner cannot act.
 * - Not Submitted, Rejected: the owner's move. Days past due count from the due date, as the
 *   midnight lock counts them (the retirements it counts are these two).
 * - Under Review: the reviewers' move. Days with reviewers count from the day it was (last)
 *   submitted; the owner is not late while reviewers hold it, however long they take.
 *
 * An approved retirement has accounted for the money, so the advance is no longer outstanding.
 * Nothing is recorded after that — cash returned later, an overspend repaid — so there is no
 * "awaiting settlement" stage: the review records only whether the cash was returned.
 */
import { calendarDaysBetween } from './dates';
import { RETIREMENT_EARLY_WARNING_DAYS, RETIREMENT_GRACE_DAYS } from './retirement';
import { RETIREMENT_STATUS_LABELS, type RetirementStatus } from './retirement-record';

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

/** The stage of an outstanding advance from its retirement's status (null: none yet); an approved one is not outstanding. */
export function advanceStage(status: RetirementStatus | null): AdvanceStage {
  switch (status) {
    case null:
      return 'not_requested';
    case 'pending':
      return 'not_submitted';
    case 'rejected':
      return 'rejected';
    case 'on_progress':
      return 'under_review';
    case 'approved':
      throw new RangeError('an approved retirement has accounted for its advance');
  }
}

export interface AdvanceStanding {
  stage: AdvanceStage;
  /** Days since the due date while it is the owner's move (negative: not yet due); null otherwise. */
  days_past_due: number | null;
  /** Days since the day it was submitted while reviewers hold it; null otherwise. */
  days_with_reviewers: number | null;
  bucket: AgeingBucket;
}

/** The bucket of owner-owed money `days` past its due date. */
export function lateBucket(days: number): AgeingBucket {
  if (days < 0) return 'not_due';
  if (days <= RETIREMENT_EARLY_WARNING_DAYS) return 'days_0_14';
  if (days <= RETIREMENT_GRACE_DAYS) return 'days_15_30';
  return 'over_30';
}

/**
 * An outstanding advance's standing on `today`: its retirement's status (null: none), the due date
 * and the day it was submitted (calendar dates of the organisation, YYYY-MM-DD).
 */
export function advanceStanding(
  advance: { status: RetirementStatus | null; due_date: string; submitted_on: string | null },
  today: string,
): AdvanceStanding {
  const stage = advanceStage(advance.status);
  if (stage === 'under_review') {
    const days = advance.submitted_on === null ? null : calendarDaysBetween(advance.submitted_on, today);
    return { stage, days_past_due: null, days_with_reviewers: days, bucket: 'under_review' };
  }
  if (stage === 'not_requested') return { stage, days_past_due: null, days_with_reviewers: null, bucket: 'not_requested' };
  const days = calendarDaysBetween(advance.due_date, today);
  return { stage, days_past_due: days, days_with_reviewers: null, bucket: lateBucket(days) };
}
