import {
  DELEGATION_MISSING,
  delegationSchema,
  exchangeRatesSchema,
  ratesOfDrafts,
  receiptExemptionOf,
  receiptExemptionSchema,
  reminderDaysOf,
  reviewReminderSchema,
} from '../forms';
import { RECEIPT_EXEMPTION_PROBLEM } from '../retirements/retirement-receipts';

const problemOf = (run: Promise<unknown>) =>
  run.then(
    () => null,
    (e: Error) => e.message,
  );

describe('delegationSchema', () => {
  const schema = delegationSchema('2026-03-10');
  const valid = { delegate_id: '6', starts_on: '2026-03-10', ends_on: '2026-03-12', note: '' };

  it('takes a colleague and two days from today on', async () => {
    expect(await problemOf(schema.validate(valid))).toBeNull();
  });

  it('says what is missing in one sentence', async () => {
    expect(await problemOf(schema.validate({ ...valid, delegate_id: undefined }))).toBe(DELEGATION_MISSING);
    expect(await problemOf(schema.validate({ ...valid, ends_on: undefined }))).toBe(DELEGATION_MISSING);
  });

  it('refuses a first day before today and a last day before the first, in the date boxes’ words', async () => {
    expect(await problemOf(schema.validate({ ...valid, starts_on: '2026-03-09' }))).toMatch(/10\/03\/2026/);
    expect(await problemOf(schema.validate({ ...valid, ends_on: '2026-03-09' }))).toMatch(/10\/03\/2026/);
  });
});

describe('reviewReminderSchema', () => {
  it.each([
    ['', null],
    [' 7 ', 7],
    ['60', 60],
  ])('takes %j as %j', async (days, sent) => {
    expect(await problemOf(reviewReminderSchema.validate({ days }))).toBeNull();
    expect(reminderDaysOf(days)).toBe(sent);
  });

  it.each(['61', '2.5', '-1', 'abc'])('refuses %j in the server’s sentence', async (days) => {
    expect(await problemOf(reviewReminderSchema.validate({ days }))).toBe(
      'Reminder days must be a whole number from 0 to 60 (0 or empty turns reminders off)',
    );
  });
});

describe('exchangeRatesSchema', () => {
  it('strips the separators and leaves out the blank boxes', () => {
    expect(ratesOfDrafts({ usd: '2,700', eur: ' ', gbp: '3,400.50' })).toEqual({ usd: 2700, gbp: 3400.5 });
  });

  it('judges the set as the server does, its sentence at `rates`', async () => {
    const error = await exchangeRatesSchema.validate({ usd: '0' }).catch((e: { path: string; message: string }) => e);
    expect(error).toMatchObject({ path: 'rates', message: 'The rate for USD must be a number greater than 0 with at most 2 decimals' });
    expect(await problemOf(exchangeRatesSchema.validate({}))).toBe('Give at least one exchange rate');
    expect(await problemOf(exchangeRatesSchema.validate({ usd: '2,700' }))).toBeNull();
  });
});

describe('receiptExemptionSchema', () => {
  it('takes an amount in TZS with separators, or nothing, as the server does', async () => {
    for (const [text, sent] of [
      ['50,000', 50_000],
      ['', null],
      ['0', 0],
      ['10,000,000', 10_000_000],
    ] as const) {
      expect(await problemOf(receiptExemptionSchema.validate({ receipt_exempt_below: text }))).toBeNull();
      expect(receiptExemptionOf(text)).toBe(sent);
    }
  });

  it('refuses past the limit or with more than two decimals, in the server’s sentence', async () => {
    for (const text of ['10,000,000.01', '12.345', '-1', 'abc'])
      expect(await problemOf(receiptExemptionSchema.validate({ receipt_exempt_below: text }))).toBe(RECEIPT_EXEMPTION_PROBLEM);
  });
});
