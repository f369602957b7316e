import { ADVANCE_STAGE_LABELS } from '../retirements/advance-stages';
import { advanceStage, advanceStanding, lateBucket } from '../retirements/advance-standing';

describe('advance standing', () => {
  const due = '2026-03-01';

  it("counts days past due only while it is the owner's move: not submitted, or sent back", () => {
    expect(advanceStanding({ status: 'pending', due_date: due, submitted_on: null }, '2026-04-11')).toEqual({
      stage: 'not_submitted',
      days_past_due: 41,
      days_with_reviewers: null,
      bucket: 'over_30',
    });
    // a rejected one was submitted once; the owner owes it again, late from the same due date
    expect(advanceStanding({ status: 'rejected', due_date: due, submitted_on: '2026-03-05' }, '2026-03-16')).toEqual({
      stage: 'rejected',
      days_past_due: 15,
      days_with_reviewers: null,
      bucket: 'days_15_30',
    });
  });

  it('counts a submitted one as the reviewers\u2019 days since its submission, never as the owner\u2019s lateness', () => {
    expect(advanceStanding({ status: 'on_progress', due_date: due, submitted_on: '2026-03-10' }, '2026-04-11')).toEqual({
      stage: 'under_review',
      days_past_due: null,
      days_with_reviewers: 32,
      bucket: 'under_review',
    });
  });

  it('counts nothing against the owner before a retirement is asked for', () => {
    expect(advanceStanding({ status: null, due_date: due, submitted_on: null }, '2026-06-01')).toEqual({
      stage: 'not_requested',
      days_past_due: null,
      days_with_reviewers: null,
      bucket: 'not_requested',
    });
  });

  it('ages by the warnings\u2019 and the lock\u2019s thresholds: 14 and 30 days are still the lower band', () => {
    expect([-1, 0, 14, 15, 30, 31].map(lateBucket)).toEqual(['not_due', 'days_0_14', 'days_0_14', 'days_15_30', 'days_15_30', 'over_30']);
  });

  it('reads each stage as the retirement statuses read, and has no stage for an approved retirement (the money is accounted for)', () => {
    expect(Object.values(ADVANCE_STAGE_LABELS)).toEqual(['Retirement not requested', 'Not Submitted', 'Rejected', 'Under Review']);
    expect(() => advanceStage('approved')).toThrow(RangeError);
  });
});
