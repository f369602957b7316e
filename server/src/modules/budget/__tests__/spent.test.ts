import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { budgetApi } from '../../../test-support/budget';
import { approvedRequest, loopCallers, pendingStep } from '../../../test-support/retirements';

/** docs/product-rules.md §Money: a code tells what is spent (retired) apart from what is committed. */
describe.each(DIALECTS)('a code’s spent part (%s)', (dialect) => {
  let t: TestApp;
  afterEach(() => t.close());

  it('is 0 while a request waits, and the amount spent once its retirement is approved', async () => {
    t = await createTestApp(dialect);
    const { staff, finance, secretary } = await loopCallers(t.app);
    const budget = budgetApi(t.app, finance.token);
    const before = (await budget.get(6101)).json().data;
    const id = await approvedRequest(staff, [finance, secretary], { amount_requested: 420_000 });
    expect((await budget.get(6101)).json().data).toMatchObject({ committed: before.committed + 420_000, spent: before.spent });

    const retirement = (await finance.retirements.attach(id)).json().data;
    await staff.retirements.submit({
      id: retirement.id,
      comments: '',
      amount_spent: 400_000,
      amount_currency: 'tzs',
      file_paths: [await staff.receipt()],
    });
    for (const reviewer of [finance, secretary]) {
      const step = await pendingStep(reviewer.retirements, retirement.id);
      expect(
        (await reviewer.retirements.review({ id: retirement.id, review_id: step.id, status: 'approved', comments: '' })).statusCode,
      ).toBe(200);
    }
    expect((await budget.get(6101)).json().data).toMatchObject({ committed: before.committed + 400_000, spent: before.spent + 400_000 });
  });
});
