import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { approvalApi, threeBands } from '../../../test-support/approval';
import { signIn } from '../../../test-support/http';
import { requestBody, requestsApi } from '../../../test-support/requests';

const chainOf = (response: { json(): { data: { band: string; reviews: Array<{ reviewer_role: string }> } } }) => {
  const { band, reviews } = response.json().data;
  return [band, reviews.map((r) => r.reviewer_role)];
};

describe.each(DIALECTS)('a saved matrix routes the next request, not the earlier ones (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('gives a request submitted after the save the new band and chain; an earlier request keeps its own', async () => {
    const staff = requestsApi(t.app, (await signIn(t.app, 'staff@example.org')).token);
    const before = await staff.create(requestBody({ amount_requested: 500_000 }));
    expect(before.statusCode).toBe(201);
    expect(chainOf(before)).toEqual(['B', ['finance_officer', 'executive_secretary']]);

    const director = approvalApi(t.app, (await signIn(t.app, 'director@example.org')).token);
    expect((await director.saveMatrix(threeBands())).statusCode).toBe(200);

    const after = await staff.create(requestBody({ amount_requested: 500_000 }));
    expect(after.statusCode).toBe(201);
    expect(chainOf(after)).toEqual(['C', ['petty_cash_custodian']]);
    expect(chainOf(await staff.get(before.json().data.id))).toEqual(['B', ['finance_officer', 'executive_secretary']]);
  });
});
