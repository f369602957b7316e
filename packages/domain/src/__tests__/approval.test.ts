import { DEFAULT_APPROVAL_MATRIX, bandFor, resolveChain, toTzs, type ApprovalMatrix, type ChainInput } from '../approval/approval';

const rates = { usd: 2650.5, GBP: 3300, chf: 0.01 };

describe('toTzs', () => {
  it('keeps TZS as it is, in any case, without needing a rate', () => {
    expect(toTzs(150_000_000, 'tzs', {})).toBe(150_000_000);
    expect(toTzs(1.15, 'TZS', {})).toBe(1.15);
  });

  it('converts exactly in cents, with no float drift', () => {
    expect(56_593.1 * 2650.5).toBe(150_000_011.54999998); // the float product drifts
    expect(toTzs(0.29, 'usd', rates)).toBe(768.65); // 768.645 → half a cent rounds up
    expect(toTzs(1.15, 'USD', rates)).toBe(3048.08); // 3048.075
    expect(toTzs(56_593.1, 'usd', rates)).toBe(150_000_011.55);
    expect(toTzs(10, 'gbp', rates)).toBe(33_000);
    expect(toTzs(0.01, 'chf', rates)).toBe(0); // 0.0001 TZS
    expect(toTzs(0.5, 'chf', rates)).toBe(0.01); // 0.005 TZS rounds up
  });

  it('refuses an unknown currency, a zero rate and malformed amounts or rates', () => {
    expect(() => toTzs(1, 'eur', rates)).toThrow(/no exchange rate for currency 'eur'/);
    expect(() => toTzs(1, 'usd', { usd: 0 })).toThrow(RangeError);
    expect(() => toTzs(1, 'usd', { usd: 2650.123 })).toThrow(RangeError);
    expect(() => toTzs(-1, 'usd', rates)).toThrow(RangeError);
    expect(() => toTzs(1.234, 'tzs', rates)).toThrow(RangeError);
    expect(() => toTzs(90_000_000_000_000, 'gbp', rates)).toThrow(/too large/);
  });
});

describe('bandFor', () => {
  it('puts exactly 150,000,000 in band A and anything below it in band B', () => {
    expect(bandFor(DEFAULT_APPROVAL_MATRIX, 0)?.user_role).toBe('B');
    expect(bandFor(DEFAULT_APPROVAL_MATRIX, 149_999_999.99)?.user_role).toBe('B');
    expect(bandFor(DEFAULT_APPROVAL_MATRIX, 150_000_000)?.user_role).toBe('A');
    expect(bandFor(DEFAULT_APPROVAL_MATRIX, 9_000_000_000)?.user_role).toBe('A');
  });

  it('answers null when no band holds the amount', () => {
    const gap: ApprovalMatrix = [{ ...DEFAULT_APPROVAL_MATRIX[0], start_value: 100 }];
    expect(bandFor(gap, 99.99)).toBeNull();
    expect(bandFor(gap, 150_000_000)).toBeNull();
  });
});

describe('resolveChain', () => {
  const base: ChainInput = {
    matrix: DEFAULT_APPROVAL_MATRIX,
    amount: 1_000,
    currency: 'tzs',
    rates,
    ownerRole: 'staff',
    holders: { finance_officer: 1, executive_secretary: 1, director: 1, board_chairman: 1 },
  };

  it('gives band B two steps and band A three, by the converted amount', () => {
    expect(resolveChain(base)).toEqual(['finance_officer', 'executive_secretary']);
    expect(resolveChain({ ...base, amount: 150_000_000 })).toEqual(['finance_officer', 'executive_secretary', 'director']);
    expect(resolveChain({ ...base, amount: 56_593, currency: 'usd' })).toEqual(['finance_officer', 'executive_secretary']); // 149,999,746.50 TZS
    expect(resolveChain({ ...base, amount: 56_593.1, currency: 'usd' })).toHaveLength(3);
  });

  it('sorts the steps by the reviewer sequence, whatever order the matrix lists them in', () => {
    const matrix: ApprovalMatrix = [
      { ...DEFAULT_APPROVAL_MATRIX[1], start_value: 0, reviewers: ['director', 'petty_cash_custodian', 'finance_officer'] },
    ];
    expect(resolveChain({ ...base, matrix })).toEqual(['petty_cash_custodian', 'finance_officer', 'director']);
  });

  it('keeps the owner-held step when another user holds that role too', () => {
    expect(resolveChain({ ...base, ownerRole: 'finance_officer' })).toEqual(['finance_officer', 'executive_secretary']);
  });

  it('passes a step the owner alone holds to the next role up not already in the chain', () => {
    const holders = { ...base.holders, finance_officer: 0 };
    expect(resolveChain({ ...base, ownerRole: 'finance_officer', holders })).toEqual(['executive_secretary', 'director']);
    const soleDirector = { ...base.holders, director: 0 };
    expect(resolveChain({ ...base, amount: 200_000_000, ownerRole: 'director', holders: soleDirector })).toEqual([
      'finance_officer',
      'executive_secretary',
      'board_chairman',
    ]);
  });

  it('skips roles nobody holds when passing a step on', () => {
    const holders = { executive_secretary: 1, board_chairman: 1 };
    expect(resolveChain({ ...base, ownerRole: 'finance_officer', holders })).toEqual(['executive_secretary', 'board_chairman']);
  });

  it('drops the step when no role is left above it, and refuses a chain left empty', () => {
    const holders = { finance_officer: 1, executive_secretary: 1 };
    expect(resolveChain({ ...base, amount: 200_000_000, ownerRole: 'director', holders })).toEqual([
      'finance_officer',
      'executive_secretary',
    ]);
    const chairOnly: ApprovalMatrix = [{ ...DEFAULT_APPROVAL_MATRIX[1], start_value: 0, reviewers: ['board_chairman'] }];
    expect(() => resolveChain({ ...base, matrix: chairOnly, ownerRole: 'board_chairman', holders: {} })).toThrow(/other than the owner/);
  });

  it('refuses an amount no band holds, an unknown currency and a non-reviewer role', () => {
    const gap: ApprovalMatrix = [{ ...DEFAULT_APPROVAL_MATRIX[0], start_value: 100 }];
    expect(() => resolveChain({ ...base, matrix: gap, amount: 5 })).toThrow(/no approval band/);
    expect(() => resolveChain({ ...base, currency: 'eur' })).toThrow(RangeError);
    const bad: ApprovalMatrix = [{ ...DEFAULT_APPROVAL_MATRIX[0], reviewers: ['finance_officer', 'admin'] }];
    expect(() => resolveChain({ ...base, matrix: bad })).toThrow(/'admin' is not a reviewer role/);
  });
});
