import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { signIn } from '../../../test-support/http';
import { requestBody, requestCounts, requestsApi, type RequestsApi } from '../../../test-support/requests';
import { BAD_KEY, KEY_USED_ELSEWHERE } from '../../../idempotency';

describe.each(DIALECTS)('Idempotency-Key on POST requests (%s)', (dialect) => {
  let t: TestApp;
  let staff: RequestsApi;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    staff = requestsApi(t.app, (await signIn(t.app, 'staff@example.org')).token);
  });
  afterAll(() => t.close());

  it('answers a retry with the first status and body and creates nothing, sends no second mail or event', async () => {
    const first = await staff.create(requestBody(), 'key-1');
    expect(first.statusCode).toBe(201);
    const before = await requestCounts(t.app);
    const told = jest.spyOn(t.app.realtime.events, 'requestUpdated');
    const retry = await staff.create(requestBody(), 'key-1');
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(await requestCounts(t.app)).toEqual(before);
    expect(told).not.toHaveBeenCalled();
    told.mockRestore();
  });

  it('keeps keys per user: the same key from someone else is a new call', async () => {
    const staff2 = requestsApi(t.app, (await signIn(t.app, 'staff2@example.org')).token);
    const mine = (await staff.create(requestBody(), 'shared-key')).json().data;
    const theirs = (await staff2.create(requestBody(), 'shared-key')).json().data;
    expect(theirs.id).not.toBe(mine.id);
    expect(theirs.request_owner_name).toBe('Daudi Massawe');
  });

  it('refuses a key used on another route (409) and a malformed key (400), writing nothing', async () => {
    await staff.create(requestBody(), 'key-2');
    const before = await requestCounts(t.app);
    expect((await staff.resubmit({ ...requestBody(), parent_request: 1 }, 'key-2')).json()).toEqual({
      error: KEY_USED_ELSEWHERE,
      code: 'IDEMPOTENCY_KEY_IN_USE',
    });
    for (const key of ['has space', 'x'.repeat(201), 'naïve']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/requests',
        headers: { authorization: `Bearer ${(await signIn(t.app, 'staff@example.org')).token}`, 'idempotency-key': key },
        payload: requestBody(),
      });
      expect(response.json()).toEqual({ error: BAD_KEY, code: 'BAD_REQUEST' });
    }
    expect(await requestCounts(t.app)).toEqual(before);
  });

  it('stores nothing for a refused call, so the corrected retry with the same key goes through', async () => {
    const refused = await staff.create(requestBody({ amount_requested: 0 }), 'key-3');
    expect(refused.statusCode).toBe(400);
    const fixed = await staff.create(requestBody({ amount_requested: 7 }), 'key-3');
    expect(fixed.statusCode).toBe(201);
    expect(fixed.json().data.amount_requested).toBe(7);
  });
});
