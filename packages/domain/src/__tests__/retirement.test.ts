import { RETIREMENT_WARNINGS, cashReturnedLabel, isOverdue, retirementDueDate, retirementWarning } from '../retirement';

const DAY = 24 * 60 * 60 * 1000;
const due = new Date('2026-03-01T00:00:00Z');
const after = (ms: number) => new Date(due.getTime() + ms);

describe('retirementWarning', () => {
  it('carries the three texts of SPEC §8 word for word', () => {
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

  it('is an error only after more than 30 days', () => {
    expect(retirementWarning(due, after(30 * DAY + 1))).toEqual({ level: 'error', text: RETIREMENT_WARNINGS.pastDue });
    expect(retirementWarning(due, after(30 * DAY))).toEqual({ level: 'warning', text: RETIREMENT_WARNINGS.beforeBlock });
  });

  it('warns of the block after more than two weeks, of the grace period before', () => {
    expect(retirementWarning(due, after(14 * DAY + 1)).text).toBe(RETIREMENT_WARNINGS.beforeBlock);
    expect(retirementWarning(due, after(14 * DAY))).toEqual({ level: 'warning', text: RETIREMENT_WARNINGS.beforeGrace });
    expect(retirementWarning(due, after(0)).text).toBe(RETIREMENT_WARNINGS.beforeGrace);
    expect(retirementWarning(due, after(-5 * DAY)).text).toBe(RETIREMENT_WARNINGS.beforeGrace);
  });

  it('reads ISO strings and refuses bad dates', () => {
    expect(retirementWarning('2026-03-01T00:00:00Z', after(31 * DAY)).level).toBe('error');
    expect(() => retirementWarning('not a date', due)).toThrow(RangeError);
  });
});

describe('isOverdue', () => {
  it('is true only after more than 30 days', () => {
    expect(isOverdue(due, after(30 * DAY))).toBe(false);
    expect(isOverdue(due, after(30 * DAY + 1))).toBe(true);
    expect(isOverdue(due, after(-DAY))).toBe(false);
  });
});

describe('retirementDueDate', () => {
  it('is the later of the expenditure date and the approval date', () => {
    expect(retirementDueDate('2026-03-10', '2026-03-01T09:00:00Z')).toEqual(new Date('2026-03-10'));
    expect(retirementDueDate(new Date('2026-03-01'), new Date('2026-03-05T09:00:00Z'))).toEqual(new Date('2026-03-05T09:00:00Z'));
    expect(retirementDueDate('2026-03-01', '2026-03-01')).toEqual(new Date('2026-03-01'));
    expect(() => retirementDueDate('soon', '2026-03-01')).toThrow(RangeError);
  });
});

describe('cashReturnedLabel', () => {
  it('shows the difference only when more was received than spent', () => {
    expect(cashReturnedLabel(1_500_000, 1_200_000, 'tzs')).toBe('Cash Returned (TZS 300,000)');
    expect(cashReturnedLabel(100.3, 50.1)).toBe('Cash Returned (50.20)'); // 100.3 - 50.1 = 50.199999999999996
    expect(cashReturnedLabel(100, 100)).toBeNull();
    expect(cashReturnedLabel(100, 120)).toBeNull();
    expect(() => cashReturnedLabel(1.234, 1)).toThrow(RangeError);
  });
});
