import {
  MOVEMENT_MESSAGES,
  movementDateProblem,
  movementMethodLabel,
  movementProblem,
  movementSummary,
  normalizeReference,
  settlementDue,
} from '../money/money-movement';

describe('how money moved (docs/product-rules.md §Money)', () => {
  it('takes an M-Pesa receipt number only as 10 upper-case letters and digits, read in any case', () => {
    expect(movementProblem('mobile_money', 'mpesa', 'QGH7XK2L9P')).toBeNull();
    expect(movementProblem('mobile_money', 'mpesa', ' qgh7xk2l9p ')).toBeNull();
    expect(normalizeReference('mobile_money', 'mpesa', ' qgh7xk2l9p ')).toBe('QGH7XK2L9P');
    expect(movementProblem('mobile_money', 'mpesa', 'QGH7XK2L9')).toMatch(/10 upper-case/);
    expect(movementProblem('mobile_money', 'mpesa', 'QGH7XK2L9P1')).toMatch(/10 upper-case/);
    expect(movementProblem('mobile_money', 'mpesa', 'QGH7XK-L9P')).toMatch(/10 upper-case/);
    expect(movementProblem('mobile_money', 'mpesa', '')).toBe(MOVEMENT_MESSAGES.referenceRequired);
  });

  it('asks for a network with mobile money and refuses one with any other method', () => {
    expect(movementProblem('mobile_money', null, 'QGH7XK2L9P')).toBe(MOVEMENT_MESSAGES.networkRequired);
    expect(movementProblem('cash', 'mpesa', '')).toBe(MOVEMENT_MESSAGES.networkOnlyForMobile);
  });

  it('checks each method its own way: cheques are digits, cash may go without', () => {
    expect(movementProblem('cheque', null, '004512')).toBeNull();
    expect(movementProblem('cheque', null, 'CHQ4512')).toMatch(/cheque number/);
    expect(movementProblem('cash', null, '')).toBeNull();
    expect(movementProblem('bank_transfer', null, '')).toBe(MOVEMENT_MESSAGES.referenceRequired);
    expect(movementProblem('bank_transfer', null, 'FT2633201234/NMB')).toBeNull();
    expect(movementProblem('mobile_money', 'airtel_money', 'CI201128.1234.A12345')).toBeNull();
  });

  it('keeps the day between the earliest allowed and the organisation’s today', () => {
    expect(movementDateProblem('2026-11-29', '2026-11-28')).toBe(MOVEMENT_MESSAGES.dateInFuture);
    expect(movementDateProblem('2026-11-20', '2026-11-28', '2026-11-21')).toBe('The date cannot be before 21/11/2026');
    expect(movementDateProblem('2026-11-28', '2026-11-28', '2026-11-28')).toBeNull();
  });

  it('reads as the detail says it', () => {
    expect(movementMethodLabel('bank_transfer')).toBe('Bank transfer');
    expect(movementSummary({ method: 'mobile_money', network: 'mpesa', date: '2026-11-28', reference: 'QGH7XK2L9P' })).toBe(
      'by M-Pesa on 28/11/2026, ref QGH7XK2L9P',
    );
    expect(movementSummary({ method: 'cash', date: '2026-11-28' })).toBe('by Cash on 28/11/2026');
  });

  it('states the difference of an approved retirement', () => {
    expect(settlementDue(100_000, 60_000)).toEqual({ direction: 'return', amount: 40_000 });
    expect(settlementDue(100_000, 130_000)).toEqual({ direction: 'owed', amount: 30_000 });
    expect(settlementDue(100_000, 100_000)).toEqual({ direction: 'settled', amount: 0 });
  });
});
