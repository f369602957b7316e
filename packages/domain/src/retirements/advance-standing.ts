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
import type { AdvanceStage, AgeingBucket } from './advance-stages';
import { calendarDaysBetween } from '../dates/dates';
import { RETIREMENT_EARLY_WARNING_DAYS, RETIREMENT_GRACE_DAYS } from './retirement';
import type { RetirementStatus } from './retirement-status';

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
