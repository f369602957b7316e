import { RETIREMENT_AMOUNT_PROBLEM, retirementFormSchema, spentOf } from '../forms';
import { RETIREMENT_LINE_MESSAGES } from '../retirements/retirement-lines';
import { RETIREMENT_EXCESS_MESSAGES } from '../retirements/retirement-excess';
import { RECEIPT_MESSAGES } from '../retirements/retirement-receipts';

// an advance of TZS 100,000; nothing exempt from receipts unless a test says so
const schema = (exemptBelowTzs = 0) =>
  retirementFormSchema({ advance: 10_000_000, currency: 'tzs', exemptBelowTzs, rates: {}, today: '2026-11-28' });
const problems = async (values: object, exemptBelowTzs = 0) =>
  schema(exemptBelowTzs)
    .validate({ amount: '', comments: '', files: [], lines: [], ...values }, { abortEarly: false })
    .then(() => [])
    .catch((error: { errors: string[] }) => error.errors);

describe('retirementFormSchema', () => {
  it('takes an amount typed with thousands separators and its receipt', async () => {
    expect(await problems({ amount: '80,000.50', files: ['a1b2c3dreceipt.jpg'] })).toEqual([]);
  });

  it('asks for an amount that is one', async () => {
    for (const amount of ['', '12.345', '-5', 'abc']) expect(await problems({ amount })).toEqual([RETIREMENT_AMOUNT_PROBLEM]);
  });

  it('asks why more was spent than advanced, in the server’s words', async () => {
    const files = ['a1b2c3dreceipt.jpg'];
    expect(await problems({ amount: '100,000.01', files })).toEqual([RETIREMENT_EXCESS_MESSAGES.commentsNeeded]);
    expect(await problems({ amount: '100,000.01', files, comments: 'Fuel rose on the way' })).toEqual([]);
  });

  it('asks for a receipt for money spent, unless the organisation exempts that little', async () => {
    expect(await problems({ amount: '5,000' })).toEqual([RECEIPT_MESSAGES.needed]);
    expect(await problems({ amount: '5,000' }, 1_000_000)).toEqual([]);
    expect(await problems({ amount: '50,000' }, 1_000_000)).toEqual([RECEIPT_MESSAGES.neededAbove(1_000_000)]);
    expect(await problems({ amount: '0' })).toEqual([]);
  });
});

describe('retirementFormSchema with lines', () => {
  const line = (amount: string, files: string[] = []) => ({ date: '2026-11-20', description: 'Bus fare', amount, files });

  it('takes the lines’ sum as the amount spent, their documents as receipts', async () => {
    expect(await problems({ lines: [line('20,000', ['a1b2c3dfare.jpg']), line('5,000')] })).toEqual([]);
    expect(spentOf({ amount: '', lines: [line('20,000'), line('5,000.50')] })).toBe(2_500_050);
    expect(await problems({ lines: [line('100,000.01', ['a1b2c3dfare.jpg'])] })).toEqual([RETIREMENT_EXCESS_MESSAGES.commentsNeeded]);
  });

  it('says the first line’s problem in the server’s words', async () => {
    expect(await problems({ files: ['a1b2c3dr.jpg'], lines: [line('20,000'), { ...line('0'), description: 'Lunch' }] })).toEqual([
      RETIREMENT_LINE_MESSAGES.amount(2),
    ]);
    expect(await problems({ files: ['a1b2c3dr.jpg'], lines: [{ ...line('1'), date: '2026-11-29' }] })).toEqual([
      RETIREMENT_LINE_MESSAGES.date(1),
    ]);
  });
});
