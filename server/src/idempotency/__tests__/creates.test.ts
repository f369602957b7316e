import { createTestApp, DIALECTS, type TestApp } from '../../test-support/app';
import { budgetBody } from '../../test-support/budget';
import { jsonCaller, signIn } from '../../test-support/http';
import { rowCounts } from '../../test-support/users';
import { KEY_USED_ELSEWHERE } from '..';

/** docs/contracts.md: every create call honours Idempotency-Key — budget codes and users as requests do. */
describe.each(DIALECTS)('Idempotency-Key on POST budget and POST users (%s)', (dialect) => {
  let t: TestApp;
  let call: ReturnType<typeof jsonCaller>;
  const counts = () => rowCounts(t.app, ['budget_codes', 'users', 'password_resets', 'outbox', 'audit_log', 'idempotency_keys']);
  const newUser = (email: string) => [
    { fullname: 'Rehema Said', department: 'finance', phone_number: '0712000111', email, role: 'staff', system_role: 'staff' },
  ];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    call = jsonCaller(t.app, (await signIn(t.app, 'director@example.org')).token);
  });
  afterAll(() => t.close());

  it('answers a retried budget create with the first answer and adds no second code', async () => {
    const first = await call('POST', 'budget', budgetBody({ code: 6108 }), { 'idempotency-key': 'budget-1' });
    expect(first.statusCode).toBe(201);
    const before = await counts();
    const retry = await call('POST', 'budget', budgetBody({ code: 6108 }), { 'idempotency-key': 'budget-1' });
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(await counts()).toEqual(before);
    // without the key the same body is a second create, which the unique code refuses
    expect((await call('POST', 'budget', budgetBody({ code: 6108 }))).statusCode).toBe(409);
  });

  it('answers a retried users create with the first answer: one user, one invitation', async () => {
    const first = await call('POST', 'users', newUser('rehema@example.org'), { 'idempotency-key': 'users-1' });
    expect(first.statusCode).toBe(201);
    const before = await counts();
    const retry = await call('POST', 'users', newUser('rehema@example.org'), { 'idempotency-key': 'users-1' });
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(await counts()).toEqual(before);
  });

  it('stores nothing for a refused create, so a corrected retry with the key works; another route gets 409', async () => {
    const before = await counts();
    expect((await call('POST', 'users', newUser('not-an-email'), { 'idempotency-key': 'users-2' })).statusCode).toBe(400);
    expect(await counts()).toEqual(before);
    expect((await call('POST', 'users', newUser('baraka@example.org'), { 'idempotency-key': 'users-2' })).statusCode).toBe(201);
    const other = await call('POST', 'budget', budgetBody({ code: 6109 }), { 'idempotency-key': 'users-2' });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ error: KEY_USED_ELSEWHERE, code: 'IDEMPOTENCY_KEY_IN_USE' });
  });
});
