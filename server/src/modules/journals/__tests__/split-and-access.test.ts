import { SYSTEM_ROLES, XERO_COLUMNS } from '@imprest/domain';
import { DIALECTS, type TestApp } from '../../../test-support/app';
import { budgetApi, budgetBody } from '../../../test-support/budget';
import { jsonCaller, signIn } from '../../../test-support/http';
import { MAPPED, csvRows, journalsApi, paidAndRetired } from '../../../test-support/journals';
import { payoutApi } from '../../../test-support/payouts';
import { dateFromToday } from '../../../test-support/requests';
import { approvedRequest, loopSetup, type LoopCaller } from '../../../test-support/retirements';
import { unzip } from '../../../test-support/unzip';
import { addOrganization, addUser } from '../../../test-support/users';

const FINANCE = new Set(['finance_officer', 'executive_secretary', 'director']);

/** docs/product-rules.md §Journals: Xero's 300 lines a file, one journal per currency, finance of one organisation only. */
describe.each(DIALECTS)('journal files and who may have them (%s)', (dialect) => {
  let t: TestApp, staff: LoopCaller, finance: LoopCaller, secretary: LoopCaller;
  loopSetup(dialect, (loop) => ({ t, staff, finance, secretary } = loop), 'all');
  const today = dateFromToday(0);
  const period = { from: today, to: today };

  beforeAll(async () => {
    // 160 cash payouts: 320 lines, past Xero's 300 a file
    for (const amount of [80, 80]) {
      const id = await approvedRequest(staff, [finance, secretary], { amount_requested: amount });
      for (let part = 0; part < amount; part++) {
        const paid = await payoutApi(t.app, finance.token)({ request_id: id, amount: 1, date: today, method: 'cash' });
        expect(paid.statusCode).toBe(201);
      }
    }
    // an advance in US dollars on a dollar code, paid and retired in dollars
    const director = (await signIn(t.app, 'director@example.org')).token;
    const code = await budgetApi(t.app, director).create(budgetBody({ amount_currency: 'usd', amount: 100_000, code: 6108 }));
    expect(code.statusCode).toBe(201);
    expect((await jsonCaller(t.app, director)('PUT', 'exchange-rates', { rates: { usd: 2650 } })).statusCode).toBe(200);
    const people = { owner: staff, reviewers: [finance, secretary], payer: finance };
    await paidAndRetired(
      t.app,
      people,
      400,
      400,
      { method: 'bank_transfer', reference: 'FT2611280002' },
      { amount_currency: 'usd', budget_code: 6108 },
    );
    expect((await journalsApi(t.app, finance.token).map(MAPPED)).statusCode).toBe(200);
  });

  it("splits Xero's journal into files of at most 300 lines, zipped, no entry cut in two, every file balancing", async () => {
    const answer = await journalsApi(t.app, finance.token).download({ ...period, currency: 'tzs', format: 'xero' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="journal-tzs-${today}-${today}-xero.zip"`);
    const files = unzip(answer.rawPayload);
    expect(files.map((f) => f.name)).toEqual([`journal-tzs-${today}-${today}-xero-1.csv`, `journal-tzs-${today}-${today}-xero-2.csv`]);
    const tables = files.map((f) => csvRows(f.data.toString('utf8')));
    expect(tables.map((rows) => rows.length - 1)).toEqual([300, 20]);
    for (const [header, ...rows] of tables) {
      expect(header).toEqual([...XERO_COLUMNS]);
      expect(rows.reduce((s, r) => s + Math.round(Number(r[5]) * 100), 0)).toBe(0);
      expect(new Set(rows.map((r) => r[0])).size).toBe(rows.length / 2);
    }
  });

  it('keeps each currency in its own journal, with the rate used on every dollar entry', async () => {
    const { journals } = (await journalsApi(t.app, finance.token).preview(today, today)).json();
    expect(journals.map((j: { currency: string }) => j.currency)).toEqual(['tzs', 'usd']);
    const usd = journals[1];
    expect(usd).toMatchObject({ debit: 80_000, credit: 80_000, balanced: true, problem: null });
    const rate = usd.entries[0].rate;
    expect(rate).toBe(265_000); // TZS 2,650 to the dollar, in cents: the rate the request was banded at
    expect(usd.entries.every((e: { rate: number }) => e.rate === rate)).toBe(true);
    const answer = await journalsApi(t.app, finance.token).download({ ...period, currency: 'usd', format: 'quickbooks' });
    const [, first] = csvRows(answer.body);
    expect(first![3]).toContain(`(rate ${(rate / 100).toFixed(2)} TZS)`);
    expect(first![4]).toBe('400.00');
  });

  it.each(SYSTEM_ROLES)(
    '%s: every journal call with finance permission only (404 otherwise), nothing recorded for a refusal',
    async (role) => {
      const { token } = await signIn(t.app, `${role}@example.org`);
      const api = journalsApi(t.app, token);
      const before = await t.app.db.selectFrom('journal_exports').select('id').execute();
      const answers = [
        await api.accounts(),
        await api.preview(today, today),
        await api.download({ ...period, currency: 'usd', format: 'xlsx', again: true }),
        await api.map(MAPPED),
      ];
      const allowed = FINANCE.has(role);
      expect(answers.map((a) => a.statusCode)).toEqual(allowed ? [200, 200, 200, 200] : [404, 404, 404, 404]);
      if (!allowed) {
        for (const answer of answers) expect(answer.json()).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
        expect(await t.app.db.selectFrom('journal_exports').select('id').execute()).toEqual(before);
      }
    },
  );

  it("another organisation's finance sees none of these journals nor this mapping, and maps its own apart", async () => {
    const other = await addOrganization(t.app, 'Other Org');
    await addUser(t.app, { email: 'fo@other.example', organization_id: other, system_role: 'finance_officer', role: 'admin' });
    const api = journalsApi(t.app, (await signIn(t.app, 'fo@other.example')).token);
    expect((await api.preview(today, today)).json()).toEqual({ ...period, journals: [] });
    expect((await api.accounts()).json().accounts.every((a: { code: string | null }) => a.code === null)).toBe(true);
    expect((await api.download({ ...period, currency: 'tzs', format: 'xero' })).json()).toEqual({
      error: 'Nothing in TZS was recorded in this period',
      code: 'JOURNAL_NOT_READY',
    });
    expect((await api.map({ staff_advances: '9999' })).statusCode).toBe(200);
    const mine = (await journalsApi(t.app, finance.token).accounts()).json().accounts;
    expect(mine.find((a: { key: string }) => a.key === 'staff_advances').code).toBe('1150');
  });
});
