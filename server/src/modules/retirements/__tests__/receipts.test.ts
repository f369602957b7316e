import { RECEIPT_EXEMPTION_PROBLEM, RECEIPT_MESSAGES } from '@imprest/domain';
import { approvalApi } from '../../../test-support/approval';
import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { budgetApi, budgetBody } from '../../../test-support/budget';
import { uploadTestFile } from '../../../test-support/files';
import { jsonCaller, signIn } from '../../../test-support/http';
import { approvedRequest, loopSetup, type LoopCaller } from '../../../test-support/retirements';
import { addOrganization, addUser } from '../../../test-support/users';
import { DIRECTORS_ONLY_SETTINGS } from '../../organization-settings/routes';

/**
 * docs/product-rules.md §Retirements, "Receipts": a retirement that spent money carries at least one
 * document, unless the organisation exempts retirements below an amount in TZS (petty cash).
 */
describe.each(DIALECTS)('receipts on a retirement (%s)', (dialect) => {
  let t: TestApp, staff: LoopCaller, finance: LoopCaller, secretary: LoopCaller;
  loopSetup(dialect, (loop) => ({ t, staff, finance, secretary } = loop));

  const as = async (email: string) => jsonCaller(t.app, (await signIn(t.app, email)).token);
  const exemptBelow = async (tzs: number | null) => {
    const saved = await (await as('director@example.org'))('PUT', 'organization/settings', { receipt_exempt_below: tzs });
    expect(saved.statusCode).toBe(200);
  };
  /** An approved advance with its retirement attached, still pending. */
  const pendingRetirement = async (overrides: Record<string, unknown> = {}) => {
    const id = await approvedRequest(staff, [finance, secretary], overrides);
    return (await finance.retirements.attach(id)).json().data.id as number;
  };
  const submit = (id: number, amount_spent: number, file_paths: string[] = [], amount_currency = 'tzs') =>
    staff.retirements.submit({ id, comments: '', amount_spent, amount_currency, file_paths });
  const statusOf = async (id: number) => (await staff.retirements.get(id)).json().data.status;

  it('refuses money spent without a document, saying so, and writes nothing', async () => {
    const id = await pendingRetirement();
    const refused = await submit(id, 1_000);
    expect([refused.statusCode, refused.json()]).toEqual([400, { error: RECEIPT_MESSAGES.needed, code: 'BAD_REQUEST' }]);
    expect(await statusOf(id)).toBe('pending');
    const receipt = await uploadTestFile(t.app, staff.token, 'receipt.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]));
    const sent = await submit(id, 1_000, [receipt]);
    expect([sent.statusCode, sent.json().data?.file_paths]).toEqual([200, [receipt]]);
  });

  it('needs no document when nothing was spent', async () => {
    const id = await pendingRetirement();
    expect((await submit(id, 0)).statusCode).toBe(200);
  });

  it('exempts retirements below the setting and names it to the others', async () => {
    await exemptBelow(50_000);
    const small = await pendingRetirement();
    expect((await submit(small, 49_999.99)).statusCode).toBe(200);
    const large = await pendingRetirement();
    const refused = await submit(large, 50_000);
    expect([refused.statusCode, refused.json()]).toEqual([
      400,
      {
        error: 'A retirement that spent TZS 50,000 or more needs at least one receipt or other document: take a photo or attach a file',
        code: 'BAD_REQUEST',
      },
    ]);
    await exemptBelow(null);
    expect((await submit(large, 1)).json()).toEqual({ error: RECEIPT_MESSAGES.needed, code: 'BAD_REQUEST' });
  });

  it('converts another currency with the exchange rates; without a rate nothing is exempt', async () => {
    expect((await approvalApi(t.app, (await signIn(t.app, 'director@example.org')).token).saveRates({ usd: 2500 })).statusCode).toBe(200);
    expect(
      (await budgetApi(t.app, finance.token).create(budgetBody({ code: 6108, amount: 100_000, amount_currency: 'usd' }))).statusCode,
    ).toBe(201);
    await exemptBelow(50_000);
    const usd = { budget_code: 6108, amount_currency: 'usd', amount_requested: 100 };
    const under = await pendingRetirement(usd);
    expect((await submit(under, 19.99, [], 'usd')).statusCode).toBe(200); // TZS 49,975
    const over = await pendingRetirement(usd);
    expect((await submit(over, 20, [], 'usd')).json().error).toBe(RECEIPT_MESSAGES.neededAbove(5_000_000)); // TZS 50,000
    // the rate gone (only TZS listed), a USD amount cannot be shown to be small
    await t.app.db.deleteFrom('exchange_rates').execute();
    expect((await submit(over, 0.01, [], 'usd')).statusCode).toBe(400);
  });
});

describe.each(DIALECTS)('the receipt exemption setting (%s)', (dialect) => {
  let t: TestApp;
  const as = async (email: string) => jsonCaller(t.app, (await signIn(t.app, email)).token);
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('exempts nothing by default; a director sets it alone, with an audit row of the field changed', async () => {
    const staff = await as('staff@example.org');
    const director = await as('director@example.org');
    expect((await staff('GET', 'organization/settings')).json().data.receipt_exempt_below).toBe(0);
    const saved = await director('PUT', 'organization/settings', { receipt_exempt_below: 25_000.5 });
    expect([saved.statusCode, saved.json()]).toEqual([200, { data: { review_reminder_days: 3, receipt_exempt_below: 25_000.5 } }]);
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['before_json', 'after_json'])
      .where('entity', '=', 'organization')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect([JSON.parse(audit.before_json!), JSON.parse(audit.after_json!)]).toEqual([
      { receipt_exempt_below: 0 },
      { receipt_exempt_below: 25_000.5 },
    ]);
  });

  it('refuses a bad amount with the sentence the form shows, and every role but director with 403', async () => {
    const director = await as('director@example.org');
    await director('PUT', 'organization/settings', { receipt_exempt_below: 1_000 });
    for (const bad of [-1, 10_000_000.01, 1.234, 'lots']) {
      const refused = await director('PUT', 'organization/settings', { receipt_exempt_below: bad });
      expect([refused.statusCode, refused.json()]).toEqual([400, { error: RECEIPT_EXEMPTION_PROBLEM, code: 'BAD_REQUEST' }]);
    }
    for (const email of [
      'staff@example.org',
      'finance_officer@example.org',
      'executive_secretary@example.org',
      'petty_cash_custodian@example.org',
    ]) {
      const refused = await (await as(email))('PUT', 'organization/settings', { receipt_exempt_below: 999_999 });
      expect([email, refused.statusCode, refused.json().error]).toEqual([email, 403, DIRECTORS_ONLY_SETTINGS]);
    }
    expect((await director('GET', 'organization/settings')).json().data.receipt_exempt_below).toBe(1_000);
  });

  it("another organisation's director never changes ours", async () => {
    const other = await addOrganization(t.app, 'Elsewhere');
    await addUser(t.app, { email: 'boss@elsewhere.org', organization_id: other, role: 'director', system_role: 'director' });
    const boss = await as('boss@elsewhere.org');
    const director = await as('director@example.org');
    const ours = (await director('GET', 'organization/settings')).json().data.receipt_exempt_below;
    expect((await boss('PUT', 'organization/settings', { receipt_exempt_below: 7_000 })).statusCode).toBe(200);
    expect((await boss('GET', 'organization/settings')).json().data.receipt_exempt_below).toBe(7_000);
    expect((await director('GET', 'organization/settings')).json().data.receipt_exempt_below).toBe(ours);
  });
});
