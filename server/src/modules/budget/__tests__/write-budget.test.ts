import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { budgetApi, budgetAudit, budgetBody, budgetCounts, storedBudget, type BudgetApi } from '../../../test-support/budget';
import { signIn } from '../../../test-support/http';

describe.each(DIALECTS)('adding, editing, archiving and deleting budget codes (%s)', (dialect) => {
  let t: TestApp;
  let finance: BudgetApi;
  let financeId: number;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    const session = await signIn(t.app, 'finance_officer@example.org');
    finance = budgetApi(t.app, session.token);
    financeId = session.user.id;
  });
  afterAll(() => t.close());

  it('adds a code: 201 {data}, cents stored exactly, the full code recomputed, an audit row', async () => {
    const response = await finance.create(budgetBody({ name: '  Office rent  ', amount: 1_500_000.29 }));
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data).toEqual({
      id: expect.any(Number),
      name: 'Office rent',
      code: 6107,
      description: 'Rent of the Dar es Salaam office',
      amount: 1_500_000.29,
      amount_currency: 'tzs',
      department: 'all',
      current_status: 'active',
      meta_data: ['operatingCost', 'stemParkDar'],
      committed: 0,
      spent: 0,
      balance: 1_500_000.29,
      requests_count: 0,
      created_at: expect.any(String),
      modified_at: expect.any(String),
    });
    expect(await storedBudget(t.app, 6107)).toMatchObject({
      amount: 150_000_029,
      meta_data: '["operatingCost","stemParkDar"]',
      organization_id: 1,
    });
    expect((await finance.get(6107)).json().data).toEqual(data);
    expect((await budgetAudit(t.app)).at(-1)).toEqual({
      actor_id: financeId,
      entity_id: String(data.id),
      action: 'create',
      before: null,
      after: {
        name: 'Office rent',
        description: 'Rent of the Dar es Salaam office',
        amount: 1_500_000.29,
        amount_currency: 'tzs',
        department: 'all',
        code: 6107,
        meta_data: ['operatingCost', 'stemParkDar'],
        current_status: 'active',
      },
    });
  });

  it("defaults department to 'all' and description to empty, and keeps amounts such as 1.15 exact", async () => {
    const {
      description: _d,
      department: _dep,
      ...body
    } = budgetBody({ code: 2001, meta_data: ['mastercard', 'hq'], amount: 1.15, amount_currency: 'usd' });
    const { data } = (await finance.create(body)).json();
    expect(data).toMatchObject({ code: 2001, department: 'all', description: '', amount: 1.15, balance: 1.15, amount_currency: 'usd' });
    expect((await storedBudget(t.app, 2001))!.amount).toBe(115);
  });

  it('refuses a second code with the same number in the organisation (409) and writes nothing', async () => {
    const before = await budgetCounts(t.app);
    const response = await finance.create(budgetBody({ name: 'Another' }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'Budget code 6107 already exists', code: 'BUDGET_CODE_EXISTS' });
    const seeded = await finance.create(budgetBody({ code: 6101 }));
    expect(seeded.json()).toEqual({ error: 'Budget code 6101 already exists', code: 'BUDGET_CODE_EXISTS' });
    expect(await budgetCounts(t.app)).toEqual(before);
  });

  it('lets one of two simultaneous adds of the same code win; the other gets 409, not a 500', async () => {
    const before = await budgetCounts(t.app);
    const body = (name: string) => budgetBody({ name, code: 9150, meta_data: ['youthBootCamps', 'stemParkDar'] });
    const responses = await Promise.all([finance.create(body('First')), finance.create(body('Second'))]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(responses.find((r) => r.statusCode === 409)!.json()).toEqual({
      error: 'Budget code 9150 already exists',
      code: 'BUDGET_CODE_EXISTS',
    });
    const after = await budgetCounts(t.app);
    expect([after.budget_codes, after.audit_log]).toEqual([before.budget_codes + 1, before.audit_log + 1]);
  });

  it('edits every value of a code without requests, the code too, auditing only what changed', async () => {
    const { id } = (await finance.get(6107)).json().data;
    t.clock.advance(60_000);
    // every value the audit records, changed (the code as well)
    const changed = {
      name: 'Office rent 2026',
      amount: 900_000,
      amount_currency: 'usd',
      department: 'finance',
      code: 8012,
      meta_data: ['stemKits', 'hq'],
    };
    const response = await finance.update({ ...budgetBody(), id, ...changed });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({ id, ...changed, balance: 900_000 });
    expect(data.modified_at > data.created_at).toBe(true);
    expect(await storedBudget(t.app, 6107)).toBeUndefined();
    expect((await finance.get(8012)).json().data).toEqual(data);
    expect((await budgetAudit(t.app)).at(-1)).toEqual({
      actor_id: financeId,
      entity_id: String(id),
      action: 'update',
      before: {
        name: 'Office rent',
        amount: 1_500_000.29,
        amount_currency: 'tzs',
        department: 'all',
        code: 6107,
        meta_data: ['operatingCost', 'stemParkDar'],
      },
      after: changed,
    });
  });

  it('keeps description and department when an edit leaves them out, and writes nothing when nothing differs', async () => {
    const { data: stored } = (await finance.get(8012)).json();
    const before = await budgetCounts(t.app);
    const { description: _d, department: _dep, ...same } = { ...budgetBody(), ...stored };
    const {
      committed: _c,
      spent: _sp,
      balance: _b,
      requests_count: _n,
      created_at: _ca,
      modified_at: _m,
      current_status: _s,
      ...body
    } = same;
    const response = await finance.update(body);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual(stored);
    expect(await budgetCounts(t.app)).toEqual(before);
  });

  it('refuses to move a code onto a number in use (409)', async () => {
    const { id } = (await finance.get(8012)).json().data;
    const response = await finance.update({ ...budgetBody(), id, code: 6101 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'Budget code 6101 already exists', code: 'BUDGET_CODE_EXISTS' });
    expect((await finance.get(8012)).statusCode).toBe(200);
  });

  it('archives and re-activates with exactly {id, current_status}, auditing each change once', async () => {
    const { id } = (await finance.get(8012)).json().data;
    const archived = await finance.update({ id, current_status: 'archived' });
    expect(archived.statusCode).toBe(200);
    expect(archived.json().data).toMatchObject({ id, code: 8012, current_status: 'archived' });
    expect((await storedBudget(t.app, 8012))!.current_status).toBe('archived');
    const again = await budgetCounts(t.app);
    expect((await finance.update({ id, current_status: 'archived' })).json().data.current_status).toBe('archived');
    expect(await budgetCounts(t.app)).toEqual(again);
    const active = await finance.update({ id, current_status: 'active' });
    expect(active.json().data.current_status).toBe('active');
    expect((await budgetAudit(t.app)).slice(-2)).toEqual([
      {
        actor_id: financeId,
        entity_id: String(id),
        action: 'archive',
        before: { current_status: 'active' },
        after: { current_status: 'archived' },
      },
      {
        actor_id: financeId,
        entity_id: String(id),
        action: 'reactivate',
        before: { current_status: 'archived' },
        after: { current_status: 'active' },
      },
    ]);
  });

  it('refuses a status change mixed with values, and an edit missing values (400)', async () => {
    const { id } = (await finance.get(8012)).json().data;
    const before = await budgetCounts(t.app);
    const mixed = await finance.update({ id, current_status: 'archived', name: 'x' });
    expect(mixed.json()).toEqual({
      error: 'Send exactly {id, current_status} to archive or re-activate, or the budget values without current_status to edit',
      code: 'BAD_REQUEST',
    });
    const partial = await finance.update({ id, name: 'Only a name' });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().error).toMatch(/^Missing amount, amount_currency, code, meta_data: /);
    expect((await finance.update({ id })).statusCode).toBe(400);
    expect(await budgetCounts(t.app)).toEqual(before);
  });

  it('deletes a code without requests (204) and keeps what it was in the audit log', async () => {
    const { id } = (await finance.get(8012)).json().data;
    const response = await finance.remove({ id });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await storedBudget(t.app, 8012)).toBeUndefined();
    expect((await finance.get(8012)).statusCode).toBe(404);
    expect((await budgetAudit(t.app)).at(-1)).toEqual({
      actor_id: financeId,
      entity_id: String(id),
      action: 'delete',
      before: expect.objectContaining({
        name: 'Office rent 2026',
        code: 8012,
        amount: 900_000,
        meta_data: ['stemKits', 'hq'],
        current_status: 'active',
      }),
      after: null,
    });
    // the number is free again
    expect((await finance.create(budgetBody({ code: 8012, meta_data: ['stemKits', 'hq'] }))).statusCode).toBe(201);
    expect((await finance.remove({ id })).json()).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
  });

  it('never touches another organisation: its codes read as missing', async () => {
    const now = new Date().toISOString();
    const other = await t.app.db
      .insertInto('organizations')
      .values({ name: 'Elsewhere', created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const theirs = await t.app.db
      .insertInto('budget_codes')
      .values({
        organization_id: other.id,
        name: 'Theirs',
        code: 9001,
        description: '',
        amount: 100,
        amount_currency: 'tzs',
        department: 'all',
        current_status: 'active',
        meta_data: '["youthBootCamps","hq"]',
        created_at: now,
        modified_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const before = await budgetCounts(t.app);
    for (const response of [
      await finance.update({ id: theirs.id, current_status: 'archived' }),
      await finance.update({ ...budgetBody({ code: 9001, meta_data: ['youthBootCamps', 'hq'] }), id: theirs.id }),
      await finance.remove({ id: theirs.id }),
      await finance.get(9001),
      await finance.balance(9001, '1'),
      await finance.download(9001),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    expect(await budgetCounts(t.app)).toEqual(before);
    // the same number is free in this organisation
    expect((await finance.create(budgetBody({ code: 9001, meta_data: ['youthBootCamps', 'hq'] }))).statusCode).toBe(201);
  });
});
