import { DIALECTS, type TestApp } from '../../../test-support/app';
import { authHeaders } from '../../../test-support/http';
import { mpesaPayout, payoutApi } from '../../../test-support/payouts';
import { dateFromToday, lastMailId, mailsSince } from '../../../test-support/requests';
import { approvedRequest, loopSetup, type LoopCaller } from '../../../test-support/retirements';
import { unzipText } from '../../../test-support/unzip';
import { PAYOUT_HEADERS } from '../download-columns';

const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('/');
const textsOf = (row: string) => [...row.matchAll(/<t xml:space="preserve">([^<]*)<\/t>/g)].map((m) => m[1]);
const rowsOf = (sheet: string) => [...sheet.matchAll(/<row r="\d+">(.*?)<\/row>/g)].map((m) => m[1]);

/** docs/product-rules.md §Money "Payout": finance records how an approved advance was paid, in one part or several. */
describe.each(DIALECTS)('POST requests/payout (%s)', (dialect) => {
  let t: TestApp, staff: LoopCaller, finance: LoopCaller, secretary: LoopCaller;
  loopSetup(dialect, (loop) => ({ t, staff, finance, secretary } = loop), 'all');
  const today = dateFromToday(0);

  it('records an M-Pesa payout of the whole advance: paid, shown on the detail and the list, mailed to the owner, in the History', async () => {
    const id = await approvedRequest(staff, [finance, secretary], { amount_requested: 1_250_000.5 });
    const before = (await staff.requests.get(id)).json().data;
    expect(before).toMatchObject({ payout_state: 'unpaid', payouts: [] });

    const mark = await lastMailId(t.app);
    const paid = await payoutApi(t.app, finance.token)(mpesaPayout(id, 1_250_000.5, { reference: ' qgh7xk2l9p ' }));
    expect(paid.statusCode).toBe(201);
    const part = {
      request_id: id,
      amount: 1_250_000.5,
      amount_currency: 'tzs',
      date: today,
      method: 'mobile_money',
      network: 'mpesa',
      reference: 'QGH7XK2L9P',
      phone: '+255754123456',
      recorded_by_id: finance.id,
      recorded_by_name: expect.any(String),
      recorded_at: expect.any(String),
    };
    expect(paid.json().data).toEqual({
      payout: { id: expect.any(Number), ...part },
      payout_state: 'paid',
      payouts: [expect.objectContaining(part)],
    });

    // the owner reads it on the detail and the list; the request itself is unchanged otherwise
    const detail = (await staff.requests.get(id)).json().data;
    expect(detail).toMatchObject({ payout_state: 'paid', current_status: 'approved', payouts: [part] });
    const row = (await staff.requests.list('user', staff.id)).json().requests.find((r: { id: number }) => r.id === id);
    expect(row.payout_state).toBe('paid');

    const mails = await mailsSince(t.app, mark);
    expect(mails.map((m) => [m.to_address, m.subject])).toEqual([
      ['staff@example.org', expect.stringMatching(/^Your advance was paid: 2\d{3}-\d{5}$/)],
    ]);
    expect(mails[0].text_body).toContain(
      `was paid: TZS 1,250,000.50 by M-Pesa on ${ddmmyyyy(today)}, ref QGH7XK2L9P, to +255 754 123 456.`,
    );
    expect(mails[0].text_body).toContain('The advance is now paid in full.');

    const history = (await t.app.inject({ method: 'GET', url: `/api/v1/history/request/${id}`, headers: authHeaders(staff.token) })).json()
      .history as Array<{ action_label: string; summary: string | null; actor_name: string }>;
    // newest first
    expect(history[0]).toMatchObject({
      action_label: 'Paid in full',
      summary: `TZS 1,250,000.50 by M-Pesa on ${ddmmyyyy(today)}, ref QGH7XK2L9P · to +255 754 123 456`,
    });
  });

  it('takes a payout in parts up to the amount approved: partly paid, then paid, then nothing more', async () => {
    const id = await approvedRequest(staff, [finance, secretary], { amount_requested: 9_000_000 });
    const pay = payoutApi(t.app, secretary.token);
    const mark = await lastMailId(t.app);
    const first = await pay(mpesaPayout(id, 5_000_000, { reference: 'RAB1CD2EF3' }));
    expect(first.statusCode).toBe(201);
    expect(first.json().data.payout_state).toBe('partly_paid');
    expect((await pay(mpesaPayout(id, 4_000_000.01, { reference: 'RAB1CD2EF4' }))).json()).toEqual({
      error: 'Only TZS 4,000,000 is left to pay on this request',
      code: 'PAYOUT_OVER_REMAINING',
    });
    const cheque = await pay({ request_id: id, amount: 4_000_000, date: today, method: 'cheque', reference: '004512' });
    expect(cheque.statusCode).toBe(201);
    expect(cheque.json().data.payout_state).toBe('paid');
    expect(cheque.json().data.payouts.map((p: { amount: number; method: string }) => [p.amount, p.method])).toEqual([
      [5_000_000, 'mobile_money'],
      [4_000_000, 'cheque'],
    ]);
    expect((await pay({ request_id: id, amount: 1, date: today, method: 'cash' })).json()).toEqual({
      error: 'This request is already paid in full',
      code: 'PAYOUT_OVER_REMAINING',
    });

    const mails = await mailsSince(t.app, mark);
    expect(mails.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Part of your advance was paid: /),
      expect.stringMatching(/^Your advance was paid: /),
    ]);
    expect(mails[0].text_body).toContain('TZS 4,000,000 left to pay.');
    const labels = (await t.app.inject({ method: 'GET', url: `/api/v1/history/request/${id}`, headers: authHeaders(finance.token) }))
      .json()
      .history.slice(0, 2)
      .reverse();
    expect(labels.map((e: { action_label: string }) => e.action_label)).toEqual(['Paid in part', 'Paid in full']);
    expect(labels[0].summary).toContain('TZS 4,000,000 left to pay');
    expect(labels[1].summary).toBe(`TZS 4,000,000 by Cheque on ${ddmmyyyy(today)}, ref 004512`);
  });

  it('mails nothing to an owner who muted notifications', async () => {
    const id = await approvedRequest(staff, [finance, secretary], { amount_requested: 20_000 });
    await t.app.db.updateTable('users').set({ settings: '{"mute_notification":true}' }).where('id', '=', staff.id).execute();
    try {
      const mark = await lastMailId(t.app);
      expect((await payoutApi(t.app, finance.token)({ request_id: id, amount: 20_000, date: today, method: 'cash' })).statusCode).toBe(201);
      expect(await mailsSince(t.app, mark)).toEqual([]);
    } finally {
      await t.app.db.updateTable('users').set({ settings: '{"mute_notification":false}' }).where('id', '=', staff.id).execute();
    }
  });

  it('adds paid on, method, reference and paid amount to the requests spreadsheet', async () => {
    const id = await approvedRequest(staff, [finance, secretary], { amount_requested: 300_000 });
    await payoutApi(t.app, finance.token)({ request_id: id, amount: 100_000, date: today, method: 'cash', reference: 'PV-0042' });
    await payoutApi(
      t.app,
      finance.token,
    )({ request_id: id, amount: 200_000, date: today, method: 'bank_transfer', reference: 'FT26332ABC' });
    const sheet = unzipText((await finance.requests.download('finance_officer', finance.id)).rawPayload)['xl/worksheets/sheet1.xml'];
    const rows = rowsOf(sheet);
    expect(textsOf(rows[0]).slice(-PAYOUT_HEADERS.length)).toEqual(PAYOUT_HEADERS);
    // newest first: this request is the first row; its last text cells are the methods and references
    expect(textsOf(rows[1]).slice(-2)).toEqual(['Cash; Bank transfer', 'PV-0042; FT26332ABC']);
    expect(rows[1]).toMatch(/<v>300000<\/v><\/c>$/);
  });
});
