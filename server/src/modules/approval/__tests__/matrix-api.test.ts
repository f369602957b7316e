import { DEFAULT_APPROVAL_MATRIX } from '@imprest/domain';
import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { approvalApi, threeBands, type ApprovalApi } from '../../../test-support/approval';
import { signIn } from '../../../test-support/http';
import { addOrganization, addUser } from '../../../test-support/users';

async function audit(t: TestApp, entity: string) {
  const rows = await t.app.db.selectFrom('audit_log').selectAll().where('entity', '=', entity).orderBy('id').execute();
  return rows.map((r) => ({
    organization_id: r.organization_id,
    actor_id: r.actor_id,
    entity_id: r.entity_id,
    action: r.action,
    before: JSON.parse(r.before_json!) as unknown,
    after: JSON.parse(r.after_json!) as unknown,
  }));
}

describe.each(DIALECTS)('approval matrix and exchange rates (%s)', (dialect) => {
  let t: TestApp;
  let director: ApprovalApi;
  let directorId: number;
  let staff: ApprovalApi;
  let elsewhere: ApprovalApi;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    const signedIn = await signIn(t.app, 'director@example.org');
    director = approvalApi(t.app, signedIn.token);
    directorId = signedIn.user.id;
    staff = approvalApi(t.app, (await signIn(t.app, 'staff@example.org')).token);
    const other = await addOrganization(t.app, 'Other Org');
    await addUser(t.app, { organization_id: other, email: 'boss@other.org', system_role: 'director', role: 'director' });
    elsewhere = approvalApi(t.app, (await signIn(t.app, 'boss@other.org')).token);
  });
  afterAll(() => t.close());

  it('answers the default matrix and no rates, with nulls, until something is saved', async () => {
    const matrix = await staff.matrix();
    expect(matrix.statusCode).toBe(200);
    expect(matrix.json()).toEqual({ data: { bands: DEFAULT_APPROVAL_MATRIX, modified_at: null, modified_by_name: null } });
    expect((await staff.rates()).json()).toEqual({ data: { rates: {}, modified_at: null } });
  });

  it('saves a director’s matrix with who and when, reviewers in the order they review, text trimmed, and an audit row', async () => {
    const from = t.clock().toISOString();
    const bands = threeBands();
    bands[2] = { ...bands[2], user_role: ' A ', description: ' Large ', reviewers: ['director', 'finance_officer', 'executive_secretary'] };
    const saved = await director.saveMatrix(bands);
    expect(saved.statusCode).toBe(200);
    const expected = threeBands();
    expected[2].description = 'Large';
    expect(saved.json()).toEqual({ data: { bands: expected, modified_at: expect.any(String), modified_by_name: 'Amina Kessy' } });
    expect(saved.json().data.modified_at >= from && saved.json().data.modified_at <= t.clock().toISOString()).toBe(true);
    // everyone reads what was saved
    expect((await staff.matrix()).json()).toEqual(saved.json());

    const rows = await audit(t, 'approval_matrix');
    expect(rows).toEqual([
      {
        organization_id: 1,
        actor_id: directorId,
        entity_id: '1',
        action: 'update',
        before: { bands: DEFAULT_APPROVAL_MATRIX },
        after: { bands: expected },
      },
    ]);

    // a second save replaces the first and its audit row keeps what it replaced
    const two = threeBands().slice(1);
    two[0] = { ...two[0], start_value: 0 };
    expect((await director.saveMatrix(two)).statusCode).toBe(200);
    expect((await staff.matrix()).json().data.bands).toEqual(two);
    const [, second] = await audit(t, 'approval_matrix');
    expect(second.before).toEqual({ bands: expected });
    expect(second.after).toEqual({ bands: two });
    expect(await t.app.db.selectFrom('approval_matrices').select('organization_id').execute()).toEqual([{ organization_id: 1 }]);
  });

  it('replaces the set of exchange rates, exactly in cents, with an audit row', async () => {
    const first = await director.saveRates({ usd: 2650.55, gbp: 3300 });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ data: { rates: { usd: 2650.55, gbp: 3300 }, modified_at: expect.any(String) } });
    const stored = await t.app.db
      .selectFrom('exchange_rates')
      .select(['currency', 'rate'])
      .where('organization_id', '=', 1)
      .orderBy('currency')
      .execute();
    expect(stored.map((r) => [r.currency, Number(r.rate)])).toEqual([
      ['gbp', 330_000],
      ['usd', 265_055],
    ]);

    t.clock.advance(60_000);
    const later = t.clock().toISOString();
    // gbp left out: it is gone (a replace, not a merge)
    expect((await director.saveRates({ usd: 2700, chf: 2900.1 })).statusCode).toBe(200);
    const now = (await staff.rates()).json().data;
    expect(now.rates).toEqual({ usd: 2700, chf: 2900.1 });
    expect(now.modified_at >= later && now.modified_at > first.json().data.modified_at).toBe(true);
    const rows = await audit(t, 'exchange_rates');
    expect(rows.map((r) => [r.action, r.before, r.after])).toEqual([
      ['update', { rates: {} }, { rates: { usd: 2650.55, gbp: 3300 } }],
      ['update', { rates: { usd: 2650.55, gbp: 3300 } }, { rates: { usd: 2700, chf: 2900.1 } }],
    ]);
  });

  it('keeps each organisation to its own matrix and rates', async () => {
    expect((await elsewhere.matrix()).json().data).toEqual({ bands: DEFAULT_APPROVAL_MATRIX, modified_at: null, modified_by_name: null });
    expect((await elsewhere.rates()).json().data).toEqual({ rates: {}, modified_at: null });

    const mine = threeBands();
    mine[0].user_role = 'Other C';
    expect((await elsewhere.saveMatrix(mine)).statusCode).toBe(200);
    expect((await elsewhere.saveRates({ usd: 1 })).statusCode).toBe(200);
    expect((await staff.matrix()).json().data.bands[0].user_role).not.toBe('Other C');
    expect((await staff.rates()).json().data.rates).toEqual({ usd: 2700, chf: 2900.1 });
    expect((await elsewhere.matrix()).json().data.modified_by_name).toBe('Test Person');
  });
});
