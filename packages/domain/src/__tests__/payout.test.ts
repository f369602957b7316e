import type { ValidationError } from 'yup';
import type { MovementFormValues } from '../forms/movement-schema';
import { payoutFormSchema, type PayoutFormValues } from '../forms/payout-schema';
import { settlementFormSchema } from '../forms/settlement-schema';
import { SETTLEMENT_MESSAGES } from '../settlement/settlement';
import { MOVEMENT_MESSAGES } from '../money/money-movement';
import {
  PAYOUT_MESSAGES,
  lastPaidOn,
  leftToPaySentence,
  paidPartSentence,
  paidSentence,
  payoutAmountProblem,
  payoutLeft,
  payoutPhone,
  payoutProblems,
  payoutState,
  type PayoutCheck,
} from '../settlement/payout';

const bounds = { today: '2026-11-28', approvedOn: '2026-11-20', left: 125_000_050, currency: 'tzs' };
const mpesa: PayoutCheck = {
  method: 'mobile_money',
  network: 'mpesa',
  reference: 'qgh7xk2l9p',
  phone: '0712 345 678',
  date: '2026-11-28',
  amount: 500_000_00,
};

describe('the payout of an advance (docs/product-rules.md §Money "Payout")', () => {
  it('is unpaid, partly paid or paid as the parts approach the amount approved', () => {
    expect(payoutState(1_000_00, 0)).toBe('unpaid');
    expect(payoutState(1_000_00, 1)).toBe('partly_paid');
    expect(payoutState(1_000_00, 999_99)).toBe('partly_paid');
    expect(payoutState(1_000_00, 1_000_00)).toBe('paid');
    expect(payoutLeft(1_000_00, 400_00)).toBe(600_00);
    expect(payoutLeft(1_000_00, 1_000_00)).toBe(0);
  });

  it('takes an amount above 0 and up to what is left, naming what is left', () => {
    expect(payoutAmountProblem(600_00, 600_00, 'tzs')).toBeNull();
    expect(payoutAmountProblem(600_01, 600_00, 'tzs')).toBe('Only TZS 600 is left to pay on this request');
    expect(payoutAmountProblem(1, 0, 'tzs')).toBe(PAYOUT_MESSAGES.paidInFull);
    expect(payoutAmountProblem(0, 600_00, 'tzs')).toBe(PAYOUT_MESSAGES.amountPositive);
    expect(payoutAmountProblem(null, 600_00, 'tzs')).toBe(PAYOUT_MESSAGES.amountRequired);
    expect(payoutAmountProblem(1, 250_50, 'usd')).toBeNull();
    expect(payoutAmountProblem(250_51, 250_50, 'usd')).toBe('Only USD 250.50 is left to pay on this request');
  });

  it('stores the phone a mobile-money payout went to as E.164, and takes none with another method', () => {
    expect(payoutPhone('mobile_money', '0712 345 678')).toEqual({ phone: '+255712345678' });
    expect(payoutPhone('mobile_money', '+255 754 123 456')).toEqual({ phone: '+255754123456' });
    expect(payoutPhone('mobile_money', '')).toEqual({ problem: PAYOUT_MESSAGES.phoneRequired });
    expect(payoutPhone('mobile_money', '022 212 3456')).toEqual({ problem: PAYOUT_MESSAGES.phoneInvalid });
    expect(payoutPhone('bank_transfer', '')).toEqual({ phone: null });
    expect(payoutPhone('cash', '0712345678')).toEqual({ problem: PAYOUT_MESSAGES.phoneOnlyForMobile });
  });

  it('checks every field and says each problem under its own field', () => {
    expect(payoutProblems(mpesa, bounds)).toEqual({});
    expect(payoutProblems({ ...mpesa, amount: 0, date: '2026-11-29', reference: 'QGH7XK2L9', phone: '' }, bounds)).toEqual({
      amount: PAYOUT_MESSAGES.amountPositive,
      date: MOVEMENT_MESSAGES.dateInFuture,
      reference: expect.stringMatching(/M-Pesa receipt number is 10 upper-case/),
      phone: PAYOUT_MESSAGES.phoneRequired,
    });
    expect(payoutProblems({ ...mpesa, network: null }, bounds)).toEqual({ method: MOVEMENT_MESSAGES.networkRequired });
    expect(payoutProblems({ ...mpesa, method: 'cheque', phone: '' }, bounds)).toEqual({
      method: MOVEMENT_MESSAGES.networkOnlyForMobile,
    });
    expect(payoutProblems({ ...mpesa, date: '2026-11-19' }, bounds)).toEqual({ date: 'The date cannot be before 20/11/2026' });
    expect(payoutProblems({ ...mpesa, date: '2026-02-30' }, bounds).date).toMatch(/2026-02-30/);
    expect(payoutProblems({ ...mpesa, date: 'yesterday' }, bounds).date).toBe('Enter the whole date as dd/mm/yyyy');
    expect(payoutProblems({ ...mpesa, date: '' }, bounds).date).toBe(MOVEMENT_MESSAGES.dateRequired);
    expect(payoutProblems({ ...mpesa, method: 'cash', network: null, reference: '', phone: '' }, bounds)).toEqual({});
  });

  it('says how each part was paid, as the request detail shows it', () => {
    const part = {
      amount: 500_000,
      method: 'mobile_money' as const,
      network: 'mpesa' as const,
      date: '2026-11-28',
      reference: 'QGH7XK2L9P',
    };
    expect(paidSentence(part)).toBe('Paid by M-Pesa on 28/11/2026, ref QGH7XK2L9P');
    expect(paidSentence({ ...part, method: 'cash', network: null, reference: '' })).toBe('Paid by Cash on 28/11/2026');
    expect(paidPartSentence(part, 'tzs')).toBe('TZS 500,000 paid by M-Pesa on 28/11/2026, ref QGH7XK2L9P');
    expect(leftToPaySentence(250_000_00, 'tzs')).toBe('TZS 250,000 left to pay');
    expect(lastPaidOn([{ date: '2026-11-27' }, { date: '2026-11-28' }, { date: '2026-11-21' }])).toBe('2026-11-28');
    expect(lastPaidOn([])).toBeNull();
  });
});

describe('the Record payout form (payoutFormSchema)', () => {
  const schema = payoutFormSchema({ today: '2026-11-28', approvedOn: '2026-11-20', left: 1_000_000_00, currency: 'tzs' });
  const errorsOf = async (values: Partial<PayoutFormValues>) => {
    const all: PayoutFormValues = {
      amount: '1,000,000',
      date: '2026-11-28',
      method: 'mobile_money',
      network: 'mpesa',
      reference: 'QGH7XK2L9P',
      phone: '0754123456',
      ...values,
    };
    try {
      await schema.validate(all, { abortEarly: false });
      return {};
    } catch (error) {
      return Object.fromEntries((error as ValidationError).inner.map((e) => [e.path, e.message]));
    }
  };

  it('says each field’s problem under it, as the server words it', async () => {
    expect(await errorsOf({})).toEqual({});
    expect(await errorsOf({ method: '' })).toEqual({ method: MOVEMENT_MESSAGES.methodRequired });
    expect(await errorsOf({ network: '' })).toEqual({ network: MOVEMENT_MESSAGES.networkRequired });
    expect(await errorsOf({ amount: '1,000,000.01', phone: '', reference: 'ABC' })).toEqual({
      amount: 'Only TZS 1,000,000 is left to pay on this request',
      phone: PAYOUT_MESSAGES.phoneRequired,
      reference: expect.stringMatching(/M-Pesa receipt number/),
    });
    expect(await errorsOf({ amount: '12.345' })).toEqual({ amount: PAYOUT_MESSAGES.amountDecimals });
    // a phone left in the box is not sent once the method is no longer mobile money
    expect(await errorsOf({ method: 'cash', network: 'mpesa', reference: '' })).toEqual({});
  });
});

describe('the Record the settlement form (settlementFormSchema)', () => {
  const due = { amount: 20_000_00, direction: 'return' as const };
  const schema = settlementFormSchema({ due, currency: 'tzs', today: '2026-11-28', earliest: null });
  const errorsOf = (values: Partial<MovementFormValues>) =>
    schema
      .validate(
        { amount: '20,000', date: '2026-11-28', method: 'cash', network: '', reference: '', phone: '', ...values },
        { abortEarly: false },
      )
      .then(() => ({}))
      .catch((error: ValidationError) => Object.fromEntries(error.inner.map((e) => [e.path, e.message])));

  it('says each field’s problem under it, in the settlement’s words', async () => {
    expect(await errorsOf({})).toEqual({});
    expect(await errorsOf({ method: '' })).toEqual({ method: MOVEMENT_MESSAGES.methodRequired });
    expect(await errorsOf({ method: 'mobile_money', reference: 'QGH7XK2L9P' })).toEqual({ network: MOVEMENT_MESSAGES.networkRequired });
    expect(await errorsOf({ amount: '19,999', date: '2026-11-29' })).toEqual({
      amount: SETTLEMENT_MESSAGES.amountMismatch(due, 'tzs'),
      date: expect.any(String),
    });
    expect(await errorsOf({ method: 'mobile_money', network: 'mpesa', reference: 'QGH7XK2L9P', phone: '12' })).toEqual({
      phone: SETTLEMENT_MESSAGES.phoneInvalid,
    });
  });
});
