import { DEFAULT_APPROVAL_MATRIX, type ApprovalBand } from '../approval/approval';
import { APPROVAL_BANDS_MAX } from '../approval/approval-limits';
import { approvalMatrixProblem, approvalMatrixProblems, exchangeRatesProblem } from '../approval/approval-rules';

const defaults = (): ApprovalBand[] => DEFAULT_APPROVAL_MATRIX.map((band) => ({ ...band, reviewers: [...band.reviewers] }));

/** Three bands 0–1,000,000–5,000,000–∞, with one band changed. */
function matrix(index?: number, change: Partial<ApprovalBand> = {}): ApprovalBand[] {
  const bands: ApprovalBand[] = [
    {
      start_value: 0,
      end_value: 1_000_000,
      description: 'Petty cash',
      user_role: 'C',
      reviewers: ['petty_cash_custodian'],
      cascading_notification: false,
    },
    {
      start_value: 1_000_000,
      end_value: 5_000_000.5,
      description: '',
      user_role: 'B',
      reviewers: ['finance_officer', 'executive_secretary'],
      cascading_notification: true,
    },
    {
      start_value: 5_000_000.5,
      end_value: null,
      description: 'Large',
      user_role: 'A',
      reviewers: ['finance_officer', 'director', 'board_chairman'],
      cascading_notification: false,
    },
  ];
  if (index !== undefined) bands[index] = { ...bands[index], ...change };
  return bands;
}

const only = (bands: ApprovalBand[]) => approvalMatrixProblems(bands).map((p) => [p.band, p.field, p.message]);

describe('approvalMatrixProblems', () => {
  it('accepts the default matrix and a contiguous one of up to ten bands', () => {
    expect(approvalMatrixProblems(defaults())).toEqual([]);
    expect(approvalMatrixProblems(matrix())).toEqual([]);
    const ten = Array.from({ length: APPROVAL_BANDS_MAX }, (_, i): ApprovalBand => ({
      start_value: i * 10,
      end_value: i === APPROVAL_BANDS_MAX - 1 ? null : (i + 1) * 10,
      description: '',
      user_role: `L${i}`,
      reviewers: ['finance_officer'],
      cascading_notification: false,
    }));
    expect(approvalMatrixProblem(ten)).toBeNull();
    expect(approvalMatrixProblem([...ten, { ...ten[9], user_role: 'X' }])).toBe('The matrix has at most 10 bands');
    expect(approvalMatrixProblem([])).toBe('The matrix needs at least one band');
  });

  it('names a gap and an overlap between bands, and the band and field they are in', () => {
    expect(only(matrix(1, { start_value: 1_200_000 }))).toEqual([
      [1, 'start_value', 'Band 2 (B): the start must equal the end of band 1 (1,000,000), otherwise there is a gap'],
    ]);
    expect(only(matrix(1, { start_value: 900_000 }))).toEqual([
      [1, 'start_value', 'Band 2 (B): the start must equal the end of band 1 (1,000,000), otherwise there is an overlap'],
    ]);
    // bands out of order overlap
    const [c, b, a] = matrix();
    expect(approvalMatrixProblem([c, a, b])).toMatch(/^Band 2 \(A\): only the last band may have no end/);
  });

  it('needs the first band to start at 0, every start below its end, and only the last band open-ended', () => {
    expect(approvalMatrixProblem(matrix(0, { start_value: 5 }))).toBe('Band 1 (C): the first band starts at 0');
    expect(only(matrix(1, { end_value: 1_000_000 }))).toEqual([
      [1, 'end_value', 'Band 2 (B): the end must be greater than the start'],
      [2, 'start_value', 'Band 3 (A): the start must equal the end of band 2 (1,000,000), otherwise there is a gap'],
    ]);
    expect(approvalMatrixProblem(matrix(1, { end_value: null }))).toBe('Band 2 (B): only the last band may have no end');
    expect(approvalMatrixProblem(matrix(2, { end_value: 9_000_000 }))).toBe(
      'Band 3 (A): the last band has no end, so that every amount above its start has reviewers',
    );
  });

  it('takes amounts of 0 or more with at most two decimals', () => {
    expect(approvalMatrixProblem(matrix(1, { end_value: 5_000_000.555 }))).toBe(
      'Band 2 (B): the end must be an amount of 0 or more with at most 2 decimals',
    );
    expect(approvalMatrixProblem(matrix(0, { start_value: -1 }))).toBe(
      'Band 1 (C): the start must be an amount of 0 or more with at most 2 decimals',
    );
    expect(approvalMatrixProblem(matrix(0, { end_value: Number.NaN }))).toMatch(/^Band 1 \(C\): the end must be an amount/);
  });

  it('needs a unique label of at most 20 characters and a description of at most 200', () => {
    expect(approvalMatrixProblem(matrix(1, { user_role: '  ' }))).toBe('Band 2: the band label is required');
    expect(approvalMatrixProblem(matrix(1, { user_role: 'x'.repeat(21) }))).toMatch(/the band label must be at most 20 characters$/);
    expect(approvalMatrixProblem(matrix(2, { user_role: ' c ' }))).toBe('Band 3 (c): the label is already used by band 1');
    expect(approvalMatrixProblem(matrix(0, { description: 'x'.repeat(201) }))).toBe(
      'Band 1 (C): the description must be at most 200 characters',
    );
    expect(approvalMatrixProblem(matrix(0, { description: 'x'.repeat(200) }))).toBeNull();
  });

  it('needs one to three distinct reviewer roles and a yes/no cascading notification', () => {
    expect(approvalMatrixProblem(matrix(0, { reviewers: [] }))).toBe('Band 1 (C): choose 1 to 3 reviewers');
    expect(approvalMatrixProblem(matrix(2, { reviewers: ['petty_cash_custodian', 'finance_officer', 'director', 'board_chairman'] }))).toBe(
      'Band 3 (A): choose 1 to 3 reviewers',
    );
    expect(approvalMatrixProblem(matrix(1, { reviewers: ['finance_officer', 'staff'] }))).toBe(
      'Band 2 (B): "staff" is not a reviewer role',
    );
    expect(approvalMatrixProblem(matrix(1, { reviewers: ['finance_officer', 'stem_park_manager'] }))).toMatch(
      /"stem_park_manager" is not a reviewer role/,
    );
    expect(approvalMatrixProblem(matrix(1, { reviewers: ['director', 'director'] }))).toBe('Band 2 (B): Director is chosen more than once');
    expect(approvalMatrixProblem(matrix(1, { cascading_notification: 'yes' as unknown as boolean }))).toMatch(
      /cascading notification must be yes or no/,
    );
  });
});

describe('exchangeRatesProblem', () => {
  it('accepts positive rates with at most two decimals for currencies other than TZS', () => {
    expect(exchangeRatesProblem({ usd: 2500, gbp: 3300.55, chf: 0.01 })).toBeNull();
    expect(exchangeRatesProblem({ usd: 2500 })).toBeNull();
  });

  it('refuses TZS, unknown or upper-case currencies, zero, negative, over-precise and absurd rates, and an empty set', () => {
    expect(exchangeRatesProblem({})).toBe('Give at least one exchange rate');
    expect(exchangeRatesProblem({ tzs: 1 })).toBe('"tzs" is not a currency that needs a rate: use usd, gbp, chf');
    expect(exchangeRatesProblem({ eur: 2900 })).toMatch(/^"eur" is not a currency/);
    expect(exchangeRatesProblem({ USD: 2500 })).toMatch(/^"USD" is not a currency/);
    expect(exchangeRatesProblem({ usd: 0 })).toBe('The rate for USD must be a number greater than 0 with at most 2 decimals');
    expect(exchangeRatesProblem({ usd: -2 })).toMatch(/greater than 0/);
    expect(exchangeRatesProblem({ usd: 2500.123 })).toMatch(/at most 2 decimals/);
    expect(exchangeRatesProblem({ usd: '2500' })).toMatch(/greater than 0/);
    expect(exchangeRatesProblem({ gbp: 1_000_001 })).toBe('The rate for GBP must be at most 1,000,000 TZS');
  });
});
