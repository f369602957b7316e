import { RETIREMENT_WARNINGS, retirementDueDate, retirementWarning } from '../retirements/retirement';

const due = '2026-03-01';
/** An instant on the given Dar es Salaam calendar day (UTC+3), at `hour` local time. */
const on = (day: string, hour = 12) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00+03:00`);

describe('retirementWarning', () => {
  it('carries the three texts of docs/product-rules.md §Messages word for word', () => {
    expect(RETIREMENT_WARNINGS.pastDue).toBe(
      "You are retirement is past due the 30 days grace period. You're account might be blocked from making further requests. Please submit a retirement to avoid further penalties.",
    );
    expect(RETIREMENT_WARNINGS.beforeBlock).toBe(
      'No retirement data has been submitted for the current request. Please do so before your account is blocked from making requests',
    );
    expect(RETIREMENT_WARNINGS.beforeGrace).toBe(
      'No retirement data has been submitted for the current request. Please do so before the 30 day grace period',
    );
  });

  it('is an error only after more than 30 calendar days', () => {
    expect(retirementWarning(due, on('2026-04-01', 0))).toEqual({ level: 'error', text: RETIREMENT_WARNINGS.pastDue });
    expect(retirementWarning(due, on('2026-03-31', 23))).toEqual({ level: 'warning', text: RETIREMENT_WARNINGS.beforeBlock });
  });

  it('warns of the block after more than two weeks, of the grace period before', () => {
    expect(retirementWarning(due, on('2026-03-16')).text).toBe(RETIREMENT_WARNINGS.beforeBlock);
    expect(retirementWarning(due, on('2026-03-15', 23))).toEqual({ level: 'warning', text: RETIREMENT_WARNINGS.beforeGrace });
    expect(retirementWarning(due, on('2026-03-01')).text).toBe(RETIREMENT_WARNINGS.beforeGrace);
    expect(retirementWarning(due, on('2026-02-20')).text).toBe(RETIREMENT_WARNINGS.beforeGrace);
  });

  it("counts the organisation's days, not UTC's, and refuses what is not a calendar date", () => {
    // 22:30 UTC on 31 March is already 1 April in Dar es Salaam: day 31.
    expect(retirementWarning(due, new Date('2026-03-31T22:30:00Z')).level).toBe('error');
    expect(retirementWarning(due, new Date('2026-03-31T22:30:00Z'), 'UTC').level).toBe('warning');
    expect(() => retirementWarning('not a date', on(due))).toThrow(RangeError);
  });
});

describe('retirementDueDate', () => {
  it('is the later of the expenditure date and the approval date', () => {
    expect(retirementDueDate('2026-03-10', '2026-03-01')).toBe('2026-03-10');
    expect(retirementDueDate('2026-03-01', '2026-03-05')).toBe('2026-03-05');
    expect(retirementDueDate('2026-03-01', '2026-03-01')).toBe('2026-03-01');
    expect(() => retirementDueDate('soon', '2026-03-01')).toThrow(RangeError);
  });
});
