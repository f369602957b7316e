import { RETIREMENT_LINE_MESSAGES } from '@imprest/domain';
import { DIALECTS, type TestApp } from '../../../test-support/app';
import { dateFromToday } from '../../../test-support/requests';
import { approvedRequest, loopSetup, pendingStep, type LoopCaller } from '../../../test-support/retirements';
import { rowCounts } from '../../../test-support/users';

/**
 * docs/product-rules.md §Retirements, "Lines": a retirement may say what was spent line by line —
 * day, description, amount, documents — and Total Amount Spent is then exactly their sum; a SPEC
 * client that sends only the total and its receipts is answered as before.
 */
describe.each(DIALECTS)('a retirement line by line (%s)', (dialect) => {
  let t: TestApp, staff: LoopCaller, finance: LoopCaller, secretary: LoopCaller;
  loopSetup(dialect, (loop) => ({ t, staff, finance, secretary } = loop));

  /** A pending retirement of a 100,000 TZS advance. */
  const pending = async () => {
    const id = await approvedRequest(staff, [finance, secretary], { amount_requested: 100_000 });
    return (await finance.retirements.attach(id)).json().data.id as number;
  };
  const line = async (amount: number, overrides: Record<string, unknown> = {}) => ({
    date: dateFromToday(-1),
    description: 'Bus fare to Morogoro',
    amount,
    file_paths: [await staff.receipt()],
    ...overrides,
  });
  const submit = (id: number, body: Record<string, unknown>) =>
    staff.retirements.submit({ id, comments: '', amount_currency: 'tzs', file_paths: [], ...body });
  const written = () => rowCounts(t.app, ['retirement_submissions', 'audit_log']);

  it('keeps the lines, their documents and their total, and answers a total-only retirement with none', async () => {
    const id = await pending();
    const lines = [await line(30_000.5), await line(45_000, { description: '  Lodging, two nights  ' })];
    const submitted = await submit(id, { amount_spent: 75_000.5, lines });
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json().data.lines).toEqual([{ ...lines[0] }, { ...lines[1], description: 'Lodging, two nights' }]);
    expect(submitted.json().data.file_paths).toEqual([]);

    const spec = await pending();
    const total = await submit(spec, { amount_spent: 5_000, file_paths: [await staff.receipt()] });
    expect(total.statusCode).toBe(200);
    expect(total.json().data.lines).toEqual([]);
  });

  it('keeps a rejected submission’s lines in the history after Request to Resubmit', async () => {
    const id = await pending();
    expect((await submit(id, { amount_spent: 20_000, lines: [await line(20_000)] })).statusCode).toBe(200);
    const step = await pendingStep(finance.retirements, id);
    const rejected = await finance.retirements.review({ id, review_id: step.id, status: 'rejected', comments: 'Receipt unreadable' });
    expect(rejected.statusCode).toBe(200);
    expect((await staff.retirements.reopen(id)).statusCode).toBe(200);
    const detail = (await staff.retirements.get(id)).json().data;
    expect(detail.history[0].lines).toEqual([expect.objectContaining({ amount: 20_000, description: 'Bus fare to Morogoro' })]);
  });

  it('refuses a total that is not the sum of the lines, and lines without a day, a description or an amount, writing nothing', async () => {
    const id = await pending();
    const before = await written();
    const mismatch = await submit(id, { amount_spent: 50_000, lines: [await line(30_000), await line(19_999.99)] });
    expect(mismatch.json()).toEqual({ code: 'BAD_REQUEST', error: RETIREMENT_LINE_MESSAGES.total(4_999_999, 'tzs') });
    for (const [bad, message] of [
      [{ date: dateFromToday(1) }, RETIREMENT_LINE_MESSAGES.date(1)],
      [{ description: '   ' }, RETIREMENT_LINE_MESSAGES.description(1)],
    ] as const) {
      const answer = await submit(id, { amount_spent: 1_000, lines: [await line(1_000, bad)] });
      expect({ status: answer.statusCode, body: answer.json() }).toEqual({ status: 400, body: { code: 'BAD_REQUEST', error: message } });
    }
    for (const bad of [{ amount: 0 }, { date: '28/11/2026' }, { description: 'x'.repeat(201) }, { extra: true }]) {
      expect((await submit(id, { amount_spent: 1_000, lines: [await line(1_000, bad)] })).statusCode).toBe(400);
    }
    const tooMany = Array.from({ length: 51 }, () => ({ date: dateFromToday(0), description: 'Tea', amount: 1, file_paths: [] }));
    expect((await submit(id, { amount_spent: 51, lines: tooMany, file_paths: [await staff.receipt()] })).statusCode).toBe(400);
    expect(await written()).toEqual(before);
  });

  it('counts a line’s documents as the retirement’s receipts, and takes none that are not the owner’s', async () => {
    const id = await pending();
    const theirs = await finance.receipt();
    const refused = await submit(id, { amount_spent: 1_000, lines: [await line(1_000, { file_paths: [theirs] })] });
    expect(refused.statusCode).toBe(400);
    const noDocument = await submit(id, { amount_spent: 1_000, lines: [await line(1_000, { file_paths: [] })] });
    expect(noDocument.json().error).toMatch(/receipt/);
    expect((await submit(id, { amount_spent: 1_000, lines: [await line(1_000)] })).statusCode).toBe(200);
  });
});
