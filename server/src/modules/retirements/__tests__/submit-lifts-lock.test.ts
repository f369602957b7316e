import { DIALECTS, type TestApp } from '../../../test-support/app';
import { dateFromToday, requestBody } from '../../../test-support/requests';
import { approvedRequest, loopSetup, type LoopCaller } from '../../../test-support/retirements';

/** docs/product-rules.md §Account lock: a locked owner still retires, and retiring lifts an overdue lock, never a manual one. */
describe.each(DIALECTS)('submitting a retirement and the account lock (%s)', (dialect) => {
  let t: TestApp, staff: LoopCaller, finance: LoopCaller, secretary: LoopCaller;
  loopSetup(dialect, (loop) => ({ t, staff, finance, secretary } = loop));

  async function overdueRetirement(): Promise<number> {
    const retirement = (await finance.retirements.attach(await approvedRequest(staff, [finance, secretary]))).json().data;
    await t.app.db
      .updateTable('retirements')
      .set({ due_date: dateFromToday(-45) })
      .where('id', '=', retirement.id)
      .execute();
    return retirement.id;
  }
  const lockOf = () =>
    t.app.db.selectFrom('users').select(['is_locked', 'lock_reason']).where('id', '=', staff.id).executeTakeFirstOrThrow();
  const submit = async (id: number) =>
    staff.retirements.submit({ id, comments: 'receipts', amount_spent: 100, amount_currency: 'tzs', file_paths: [await staff.receipt()] });

  it('lifts an overdue lock once nothing else is overdue, and only then', async () => {
    const first = await overdueRetirement();
    const second = await overdueRetirement();
    await t.app.db.updateTable('users').set({ is_locked: 1, lock_reason: 'overdue' }).where('id', '=', staff.id).execute();
    // Locked out of new requests, not out of accounting for the old ones.
    expect((await staff.requests.create(requestBody())).statusCode).toBe(403);
    expect((await submit(first)).statusCode).toBe(200);
    expect(await lockOf()).toEqual({ is_locked: 1, lock_reason: 'overdue' });
    expect((await submit(second)).statusCode).toBe(200);
    expect(await lockOf()).toEqual({ is_locked: 0, lock_reason: null });
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('entity', '=', 'user')
      .where('entity_id', '=', String(staff.id))
      .execute();
    expect(audit).toEqual([{ action: 'unlock', actor_id: null }]);
  });

  it('keeps a manual lock however the retirements stand', async () => {
    const id = await overdueRetirement();
    await t.app.db.updateTable('users').set({ is_locked: 1, lock_reason: 'manual' }).where('id', '=', staff.id).execute();
    expect((await submit(id)).statusCode).toBe(200);
    expect(await lockOf()).toEqual({ is_locked: 1, lock_reason: 'manual' });
  });
});
