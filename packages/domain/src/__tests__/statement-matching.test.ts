import {
  confirmProblem,
  maskedPhoneFits,
  matchStatement,
  type MovementRecord,
  type StatementMovement,
} from '../accounting/statement-matching';

const line = (change: Partial<StatementMovement>): StatementMovement => ({
  id: 1,
  date: '2026-11-25',
  amount: -5_000_000,
  reference: 'RKT4H7X2QA',
  details: '',
  phone: '255754***456',
  ...change,
});
const record = (change: Partial<MovementRecord>): MovementRecord => ({
  kind: 'payout',
  id: 1,
  date: '2026-11-25',
  amount: 5_000_000,
  direction: 'out',
  reference: 'OTHERREF01',
  phone: '+255754123456',
  ...change,
});

describe('maskedPhoneFits', () => {
  it.each([
    ['255754***456', '+255754123456', true],
    ['0754***456', '+255754123456', true],
    ['2557****3456', '+255754123456', true],
    ['255754***457', '+255754123456', false],
    // four of the nine digits after the country code fit too many people
    ['2557*****456', '+255754123456', false],
    ['255*****3456', '+255754123456', false],
    ['255754***456', null, false],
    [null, '+255754123456', false],
  ])('%s against %s: %s', (masked, e164, fits) => {
    expect(maskedPhoneFits(masked, e164)).toBe(fits);
  });
});

describe('matchStatement', () => {
  it('matches by reference first, whatever the day or phone', () => {
    const r = record({ reference: 'RKT4H7X2QA', date: '2026-11-01', phone: null });
    expect(matchStatement([line({})], [r]).matched).toEqual([{ line: line({}), record: r, by: 'reference' }]);
  });

  it('finds a reference of 6 or more characters in a bank narrative, not a shorter one', () => {
    const bank = line({ reference: '', phone: null, details: 'TRF TO JOHN REF FT-26325 00123' });
    expect(matchStatement([bank], [record({ reference: 'FT2632500123', date: '2026-10-01' })]).matched).toHaveLength(1);
    expect(matchStatement([bank], [record({ reference: 'JOHN', date: '2026-10-01' })]).unmatchedLines).toHaveLength(1);
  });

  it('calls a reference match with another amount ambiguous', () => {
    const result = matchStatement([line({})], [record({ reference: 'RKT4H7X2QA', amount: 500_000 })]);
    expect(result.ambiguous).toHaveLength(1);
    expect(result.unmatchedRecords).toEqual([]);
  });

  it('matches by amount within 3 days and the phone; 4 days or another phone is not', () => {
    expect(matchStatement([line({ date: '2026-11-28' })], [record({})]).matched[0]?.by).toBe('amount_date_phone');
    expect(matchStatement([line({ date: '2026-11-29' })], [record({})]).unmatchedLines).toHaveLength(1);
    expect(matchStatement([line({ phone: '255754***999' })], [record({})]).ambiguous).toHaveLength(1);
  });

  it('never matches money in to a payout, nor money out to a return', () => {
    const result = matchStatement([line({ amount: 5_000_000 })], [record({})]);
    expect([result.matched, result.unmatchedLines.length, result.unmatchedRecords.length]).toEqual([[], 1, 1]);
  });

  it('leaves two records a line could be, or two lines a record could be, to finance', () => {
    const twoRecords = matchStatement([line({ reference: '' })], [record({ id: 1 }), record({ id: 2 })]);
    expect(twoRecords.ambiguous[0]?.candidates.map((r) => r.id)).toEqual([1, 2]);
    const twoLines = matchStatement([line({ id: 1, reference: '' }), line({ id: 2, reference: '' })], [record({})]);
    expect(twoLines.ambiguous.map((a) => a.line.id)).toEqual([1, 2]);
    expect(twoLines.matched).toEqual([]);
  });
});

describe('confirmProblem', () => {
  it('refuses another direction or amount', () => {
    expect(confirmProblem(line({}), record({}))).toBeNull();
    expect(confirmProblem(line({ amount: 5_000_000 }), record({}))).toBe('This line is money in: a payout is money out');
    expect(confirmProblem(line({}), record({ direction: 'in', kind: 'settlement' }))).toBe('This line is money out: a return is money in');
    expect(confirmProblem(line({ amount: -1 }), record({}))).toBe('The line and the record are different amounts');
  });
});
