import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { reviewer } from '../../../test-support/delegations';
import { dateFromToday, lastMailId, mailsSince } from '../../../test-support/requests';
import { approvedRequest, loopCallers } from '../../../test-support/retirements';

/** While a delegation runs, the delegate hears of retirement steps as of request steps. */
describe.each(DIALECTS)('retirement mail to delegates (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it("tells the finance officer's delegate that a retirement awaits the finance officer's step", async () => {
    const { staff, finance, secretary } = await loopCallers(t.app);
    const admin = await reviewer(t.app, 'admin@example.org');
    const retirement = (await finance.retirements.attach(await approvedRequest(staff, [finance, secretary]))).json().data;
    const away = await (
      await reviewer(t.app, 'finance_officer@example.org')
    ).delegate({ delegate_id: admin.id, starts_on: dateFromToday(0), ends_on: dateFromToday(2) });
    expect(away.statusCode).toBe(201);
    const mark = await lastMailId(t.app);
    expect(
      (
        await staff.retirements.submit({
          id: retirement.id,
          comments: '',
          amount_spent: 10,
          amount_currency: 'tzs',
          file_paths: [await staff.receipt()],
        })
      ).statusCode,
    ).toBe(200);
    const told = (await mailsSince(t.app, mark))
      .filter((m) => m.subject.startsWith('Retirement to review'))
      .map((m) => m.to_address)
      .sort();
    expect(told).toEqual(['admin@example.org', 'finance_officer@example.org']);
  });
});
