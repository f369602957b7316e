import { EXCHANGE_RATES_DIRECTORS_ONLY } from '@imprest/domain';
import { approvalApi, approvalCounts, type ApprovalApi } from '../../../test-support/approval';
import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { budgetApi, budgetBody } from '../../../test-support/budget';
import { signIn } from '../../../test-support/http';
import { requestBody, requestsApi, type RequestsApi } from '../../../test-support/requests';

interface Data {
  id: number;
  band: string;
  current_status: string;
  reviews: Array<{ id: number; reviewer_role: string }>;
}
const roles = (data: Data) => data.reviews.map((r) => r.reviewer_role);
const WITH_DIRECTOR = ['finance_officer', 'executive_secretary', 'director'];
const WITHOUT_DIRECTOR = ['finance_officer', 'executive_secretary'];

/**
 * The attack: a finance officer cuts USD from 2,500 to 1 TZS so a 100,000 USD request (250,000,000
 * TZS, band A) falls to band B, and reviews it without the director. docs/product-rules.md §Requests,
 * "Exchange rates".
 */
describe.each(DIALECTS)('exchange rates never lower a submitted request (%s)', (dialect) => {
  let t: TestApp;
  let staff: RequestsApi;
  let finance: RequestsApi;
  let financeRates: ApprovalApi;
  let directorRates: ApprovalApi;
  const usd = (amount: number) => requestBody({ budget_code: 6110, amount_currency: 'usd', amount_requested: amount });
  const bandRate = async (id: number) =>
    (await t.app.db.selectFrom('requests').select('band_rate').where('id', '=', id).executeTakeFirstOrThrow()).band_rate;
  const returnForEdits = async (data: Data) => {
    const response = await finance.review({
      request_id: data.id,
      review_id: data.reviews[0].id,
      status: 'request_edit',
      comments: 'Recheck',
    });
    expect(response.json().data.current_status).toBe('request_edit');
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const director = await signIn(t.app, 'director@example.org');
    const financeToken = (await signIn(t.app, 'finance_officer@example.org')).token;
    staff = requestsApi(t.app, (await signIn(t.app, 'staff@example.org')).token);
    finance = requestsApi(t.app, financeToken);
    financeRates = approvalApi(t.app, financeToken);
    directorRates = approvalApi(t.app, director.token);
    const code = budgetBody({ amount_currency: 'usd', amount: 10_000_000, code: 6110, name: 'Dollar grants' });
    expect((await budgetApi(t.app, director.token).create(code)).statusCode).toBe(201);
    expect((await directorRates.saveRates({ usd: 2500 })).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  it('refuses the rate cut to a finance officer, and writes nothing', async () => {
    const before = await approvalCounts(t.app);
    const response = await financeRates.saveRates({ usd: 1 });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: EXCHANGE_RATES_DIRECTORS_ONLY, code: 'FORBIDDEN' });
    expect(await approvalCounts(t.app)).toEqual(before);
    expect((await financeRates.rates()).json().data.rates).toEqual({ usd: 2500 });
  });

  it('keeps the chain of a pending request when the rate falls; its resubmission keeps band A at the old rate', async () => {
    const submitted: Data = (await staff.create(usd(100_000))).json().data;
    expect([submitted.band, roles(submitted)]).toEqual(['A', WITH_DIRECTOR]);
    expect(await bandRate(submitted.id)).toBe(250_000);

    expect((await directorRates.saveRates({ usd: 1 })).statusCode).toBe(200);
    const still: Data = (await staff.get(submitted.id)).json().data;
    expect([still.band, roles(still)]).toEqual(['A', WITH_DIRECTOR]);

    await returnForEdits(submitted);
    const again = await staff.resubmit({ ...usd(100_000), parent_request: submitted.id });
    expect(again.statusCode).toBe(201);
    const resubmitted: Data = again.json().data;
    expect([resubmitted.band, roles(resubmitted)]).toEqual(['A', WITH_DIRECTOR]);
    expect(await bandRate(resubmitted.id)).toBe(250_000);

    // a new request is banded at today's rate: the director set it, and the director is the one it drops
    const fresh: Data = (await staff.create(usd(100_000))).json().data;
    expect([fresh.band, roles(fresh)]).toEqual(['B', WITHOUT_DIRECTOR]);
    expect(await bandRate(fresh.id)).toBe(100);
  });

  it('takes a rate raised since (the higher band), and still lets a smaller amount fall to its own band', async () => {
    expect((await directorRates.saveRates({ usd: 2500 })).statusCode).toBe(200);
    const first: Data = (await staff.create(usd(56_000))).json().data; // 140,000,000 TZS
    expect(first.band).toBe('B');
    expect((await directorRates.saveRates({ usd: 3000 })).statusCode).toBe(200);
    await returnForEdits(first);
    const raised: Data = (await staff.resubmit({ ...usd(56_000), parent_request: first.id })).json().data; // 168,000,000
    expect([raised.band, roles(raised)]).toEqual(['A', WITH_DIRECTOR]);
    expect(await bandRate(raised.id)).toBe(300_000);

    expect((await directorRates.saveRates({ usd: 1 })).statusCode).toBe(200);
    await returnForEdits(raised);
    // 40,000 at the floor of 3,000 is 120,000,000: band B because the amount is smaller, not the rate
    const smaller: Data = (await staff.resubmit({ ...usd(40_000), parent_request: raised.id })).json().data;
    expect([smaller.band, roles(smaller)]).toEqual(['B', WITHOUT_DIRECTOR]);
    expect(await bandRate(smaller.id)).toBe(300_000);
  });
});
