import {
  BUDGET_EXCEEDED,
  budgetRoom,
  excessFits,
  excessNeedsComments,
  excessNotice,
  retirementExcess,
  retirementExcessProblem,
  type ExcessCheck,
} from '../retirements/retirement-excess';

/** Amounts in cents: an advance of TZS 1,000 on a code with TZS 999,000 left. */
const check: ExcessCheck = { advance: 100_000, spent: 100_000, comments: '', balance: 99_900_000, budgetCode: 6101, currency: 'tzs' };

describe('spending above the advance (docs/product-rules.md §Money)', () => {
  it('counts only what was spent beyond the advance', () => {
    expect(retirementExcess(100_000, 99_999)).toBe(0);
    expect(retirementExcess(100_000, 100_000)).toBe(0);
    expect(retirementExcess(100_000, 100_001)).toBe(1);
    expect(budgetRoom(-5)).toBe(0);
    expect(budgetRoom(250)).toBe(250);
  });

  it('tells the reviewer how much more, as money with its currency', () => {
    expect(excessNotice(100_000, 100_000, 'tzs')).toBeNull();
    expect(excessNotice(100_000, 250_050, 'tzs')).toBe('Spent TZS 1,500.50 more than advanced');
    expect(excessNotice(100_000, 10_000_000, 'usd')).toBe('Spent USD 99,000 more than advanced');
  });

  it('asks nothing of a retirement within its advance, even on a code already below zero', () => {
    expect(retirementExcessProblem({ ...check, spent: 40_000, balance: -7 })).toBeNull();
    expect(retirementExcessProblem({ ...check, spent: 100_000, balance: -7 })).toBeNull();
  });

  it('needs the owner’s comments for an excess', () => {
    expect(retirementExcessProblem({ ...check, spent: 150_000, comments: '  ' })).toEqual({
      code: 'BAD_REQUEST',
      message: 'More was spent than advanced: say why in the comments for the reviewer',
    });
    expect(retirementExcessProblem({ ...check, spent: 150_000, comments: 'taxi fares rose' })).toBeNull();
    expect(excessNeedsComments(100_000, 150_000, ' ')).toBe(true);
    expect(excessNeedsComments(100_000, 100_000, '')).toBe(false);
  });

  it('takes an excess up to the room exactly, and refuses one cent more as a probable typo naming the room', () => {
    const explained = { ...check, comments: 'fuel' };
    expect(retirementExcessProblem({ ...explained, spent: 100_000 + 99_900_000 })).toBeNull();
    const over = retirementExcessProblem({ ...explained, spent: 100_000 + 99_900_001 });
    expect(over).toEqual({
      code: BUDGET_EXCEEDED,
      message:
        'Total Amount Spent is TZS 999,000.01 more than advanced, but budget code 6101 has only TZS 999,000 left. ' +
        'This is probably a typo: check the amount. If it is right, ask finance to raise the code’s amount first',
    });
    // the 10^13 typo, and a code already below zero that has no room at all
    expect(retirementExcessProblem({ ...explained, spent: 1_000_000_000_000_000 })?.code).toBe(BUDGET_EXCEEDED);
    expect(retirementExcessProblem({ ...explained, spent: 100_001, balance: -500 })?.message).toContain('has only TZS 0 left');
    // the typo is said first, even without comments: explaining it would not make it pass
    expect(retirementExcessProblem({ ...check, spent: 1_000_000_000_000_000 })?.code).toBe(BUDGET_EXCEEDED);
  });

  it('lets the final approval through only while the excess still fits', () => {
    expect(excessFits(100_000, 90_000, -1)).toBe(true);
    expect(excessFits(100_000, 150_000, 50_000)).toBe(true);
    expect(excessFits(100_000, 150_001, 50_000)).toBe(false);
    expect(excessFits(100_000, 100_001, 0)).toBe(false);
  });
});
