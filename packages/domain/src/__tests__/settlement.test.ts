import { MOVEMENT_MESSAGES, settlementDue } from '../money/money-movement';
import { SETTLEMENT_MESSAGES, settledText, settlementMailSubject, settlementState, settlementStatement } from '../settlement/settlement';
import { settlementProblems } from '../settlement/settlement-problems';

const bounds = (advance: number, spent: number) => ({
  due: settlementDue(advance, spent),
  currency: 'tzs',
  today: '2026-11-28',
  earliest: '2026-11-02',
});
const mpesa = { date: '2026-11-28', method: 'mobile_money' as const, network: 'mpesa' as const, reference: 'QGH7XK2L9P' };

describe('the settlement of a retirement (docs/product-rules.md §Money, "Settlement")', () => {
  it('states the difference of a finally approved retirement, towards whom it goes', () => {
    expect(settlementStatement(settlementDue(100_000_00, 95_000_00), 'Neema Mushi', 'tzs')).toBe('TZS 5,000 to be returned by Neema Mushi');
    expect(settlementStatement(settlementDue(100_000_00, 112_500_50), 'Neema Mushi', 'tzs')).toBe('TZS 12,500.50 owed to Neema Mushi');
    expect(settlementStatement(settlementDue(100, 100), 'Neema Mushi', 'tzs')).toBe('Settled: spent exactly what was advanced');
  });

  it('awaits a record once approved, unless nothing is left to settle; says nothing before approval', () => {
    const due = settlementDue(10_000, 9_000);
    expect(settlementState(false, due, false)).toBeNull();
    expect(settlementState(true, due, false)).toBe('awaiting');
    expect(settlementState(true, due, true)).toBe('settled');
    expect(settlementState(true, settlementDue(10_000, 10_000), false)).toBe('settled');
  });

  it('takes exactly the difference, not a cent more or less, and never zero', () => {
    expect(settlementProblems({ ...mpesa, amount: 5_000_00 }, bounds(100_000_00, 95_000_00))).toEqual({});
    expect(settlementProblems({ ...mpesa, amount: 5_000_01 }, bounds(100_000_00, 95_000_00)).amount).toBe(
      'The amount must be exactly the difference: TZS 5,000 to be returned',
    );
    expect(settlementProblems({ ...mpesa, amount: 4_999_99 }, bounds(100_000_00, 105_000_00)).amount).toBe(
      'The amount must be exactly the difference: TZS 5,000 owed to the owner',
    );
    expect(settlementProblems({ ...mpesa, amount: 0 }, bounds(1, 0)).amount).toBe(SETTLEMENT_MESSAGES.amountFormat);
    expect(settlementProblems({ ...mpesa, amount: null }, bounds(1, 0)).amount).toBe(SETTLEMENT_MESSAGES.amountFormat);
  });

  it('checks the reference of the method, the network, the day and the phone beside each field', () => {
    const b = bounds(10_000, 9_000);
    expect(settlementProblems({ ...mpesa, amount: 1_000, reference: 'QGH7XK2L9' }, b).reference).toMatch(/10 upper-case/);
    expect(settlementProblems({ ...mpesa, amount: 1_000, network: null }, b).method).toBe(MOVEMENT_MESSAGES.networkRequired);
    expect(settlementProblems({ ...mpesa, amount: 1_000, method: 'cash', reference: '' }, b).method).toBe(
      MOVEMENT_MESSAGES.networkOnlyForMobile,
    );
    expect(settlementProblems({ ...mpesa, amount: 1_000, date: '2026-11-29' }, b).date).toBe(MOVEMENT_MESSAGES.dateInFuture);
    expect(settlementProblems({ ...mpesa, amount: 1_000, date: '2026-11-01' }, b).date).toBe('The date cannot be before 02/11/2026');
    expect(settlementProblems({ ...mpesa, amount: 1_000, date: '2026-02-30' }, b).date).toBe(MOVEMENT_MESSAGES.dateRequired);
    expect(settlementProblems({ ...mpesa, amount: 1_000, phone: '0712 345 678' }, b)).toEqual({});
    expect(settlementProblems({ ...mpesa, amount: 1_000, phone: '0222 123 456' }, b).phone).toBe(SETTLEMENT_MESSAGES.phoneInvalid);
    expect(
      settlementProblems({ amount: 1_000, date: '2026-11-28', method: 'cash', network: null, reference: '', phone: '0712345678' }, b).phone,
    ).toBe(SETTLEMENT_MESSAGES.phoneOnlyForMobile);
  });

  it('reads back what was recorded, and tells the owner in their terms', () => {
    expect(settledText({ direction: 'return', amount: 5_000_00, ...mpesa }, 'tzs')).toBe(
      'Settled: TZS 5,000 returned by M-Pesa on 28/11/2026, ref QGH7XK2L9P',
    );
    expect(settledText({ direction: 'owed', amount: 250_00, date: '2026-11-27', method: 'cash', reference: '' }, 'tzs')).toBe(
      'Settled: TZS 250 reimbursed by Cash on 27/11/2026',
    );
    expect(settlementMailSubject('return')).toBe('Your cash return was recorded');
    expect(settlementMailSubject('owed')).toBe('Your excess was reimbursed');
  });
});
