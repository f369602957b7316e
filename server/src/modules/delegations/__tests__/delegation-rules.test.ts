import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { act, reviewer, submitted, useDirectorChain, type Reviewer } from '../../../test-support/delegations';
import { dateFromToday, lastMailId, mailsSince } from '../../../test-support/requests';
import { addUser } from '../../../test-support/users';
import { ALREADY_REVIEWED, OWN_REQUEST, stepOf } from '../../requests/review-request';
import { DELEGATE_MESSAGES } from '../acting';
import { DELEGATION_MESSAGES as M } from '../service';

const days = (from: number, to: number) => ({ starts_on: dateFromToday(from), ends_on: dateFromToday(to) });

describe.each(DIALECTS)('delegation (%s)', (dialect) => {
  let t: TestApp;
  let staff: Reviewer, admin: Reviewer, petty: Reviewer, finance: Reviewer, secretary: Reviewer, director: Reviewer, chairman: Reviewer;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await useDirectorChain(t.app);
    [staff, admin, petty, finance, secretary, director, chairman] = await Promise.all(
      ['staff', 'admin', 'petty_cash_custodian', 'finance_officer', 'executive_secretary', 'director', 'board_chairman'].map((r) =>
        reviewer(t.app, `${r}@example.org`),
      ),
    );
  });
  afterAll(() => t.close());
  afterEach(async () => {
    await t.app.db.deleteFrom('delegations').execute();
  });

  /** A request of `owner` whose finance and secretary steps are done: it waits for the director. */
  const atDirector = async (owner = staff) => {
    const request = await submitted(owner);
    expect((await act(finance, request)).statusCode).toBe(200);
    expect((await act(secretary, request)).statusCode).toBe(200);
    return request;
  };
  const created = async (who: Reviewer, body: Record<string, unknown>) => {
    const response = await who.delegate(body);
    expect(response.statusCode).toBe(201);
    return response.json().data as { id: number; state: string };
  };

  it('a director on leave: the delegate sees and approves the director step, which records both names, in the answer and the audit', async () => {
    const request = await atDirector();
    expect((await admin.requests.get(request.id)).statusCode).toBe(404);
    expect((await act(admin, request)).statusCode).toBe(404);

    const delegation = await created(director, { delegate_id: admin.id, ...days(0, 5), note: 'Leave in Zanzibar' });
    expect(delegation).toMatchObject({
      state: 'running',
      delegator_name: 'Amina Kessy',
      delegator_role: 'director',
      delegate_name: 'Baraka Mwakyusa',
      note: 'Leave in Zanzibar',
    });
    expect((await admin.requests.get(request.id)).statusCode).toBe(200);
    const mailId = await lastMailId(t.app);
    const approved = await act(admin, request);
    expect(approved.statusCode).toBe(200);
    const step = approved.json().data.reviews[2];
    expect(approved.json().data.current_status).toBe('approved');
    expect(step).toMatchObject({
      reviewer_id: admin.id,
      reviewer_name: 'Baraka Mwakyusa',
      on_behalf_of_id: director.id,
      on_behalf_of_name: 'Amina Kessy',
    });
    const owner = (await mailsSince(t.app, mailId)).find((m) => m.to_address === 'staff@example.org');
    expect(owner?.subject).toMatch(/approved/);
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['actor_id', 'after_json'])
      .where('entity', '=', 'request')
      .where('entity_id', '=', String(request.id))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.actor_id).toBe(admin.id);
    expect(JSON.parse(audit.after_json!).step).toMatchObject({
      reviewer_id: admin.id,
      on_behalf_of_id: director.id,
      on_behalf_of_name: 'Amina Kessy',
    });
  });

  it("mail for the delegator's step goes to the delegate too, with its own link, unless the delegate muted notifications", async () => {
    await created(director, { delegate_id: admin.id, ...days(0, 2) });
    let mailId = await lastMailId(t.app);
    await atDirector();
    const told = (await mailsSince(t.app, mailId)).filter((m) => m.subject.startsWith('Request to review'));
    expect(told.map((m) => m.to_address)).toEqual([
      'finance_officer@example.org',
      'executive_secretary@example.org',
      'director@example.org',
      'admin@example.org',
    ]);
    const links = told.map((m) => /review-action\?token=(\S+)/.exec(m.text_body)?.[1]);
    expect(new Set(links).size).toBe(4);

    await t.app.db.updateTable('users').set({ settings: '{"mute_notification":true}' }).where('id', '=', admin.id).execute();
    mailId = await lastMailId(t.app);
    await atDirector();
    expect((await mailsSince(t.app, mailId)).filter((m) => m.subject.startsWith('Request to review')).map((m) => m.to_address)).toEqual([
      'finance_officer@example.org',
      'executive_secretary@example.org',
      'director@example.org',
    ]);
    await t.app.db.updateTable('users').set({ settings: '{"mute_notification":false}' }).where('id', '=', admin.id).execute();
  });

  it('refuses each forbidden delegation: to oneself, to or by someone without admin permission, in the past, overlapping, chained', async () => {
    const refused = async (who: Reviewer, body: Record<string, unknown>, status: number, error?: string, code?: string) => {
      const response = await who.delegate(body);
      expect([response.statusCode, response.json().error]).toEqual([status, error ?? response.json().error]);
      if (code) expect(response.json().code).toBe(code);
    };
    await refused(director, { delegate_id: director.id, ...days(0, 1) }, 400, M.self);
    await refused(director, { delegate_id: staff.id, ...days(0, 1) }, 400, M.needsAdmin);
    // Staff have no admin permission: the route is not theirs (404, as every admin route answers them).
    await refused(staff, { delegate_id: admin.id, ...days(0, 1) }, 404);
    await refused(director, { delegate_id: admin.id, ...days(-1, 1) }, 400, M.past);
    await refused(director, { delegate_id: admin.id, ...days(3, 1) }, 400, M.dates);
    await created(director, { delegate_id: admin.id, ...days(1, 4) });
    await refused(director, { delegate_id: petty.id, ...days(4, 6) }, 409, M.overlaps, 'DELEGATION_OVERLAPS');
    // No chains: the delegate is away delegating, or the delegator is somebody's delegate for those days.
    await refused(chairman, { delegate_id: director.id, ...days(2, 3) }, 409, M.chainedDelegate('Amina Kessy'), 'DELEGATION_OVERLAPS');
    await refused(admin, { delegate_id: petty.id, ...days(0, 1) }, 409, M.chainedDelegator, 'DELEGATION_OVERLAPS');
    // After the delegation's last day, neither side is bound.
    await created(chairman, { delegate_id: director.id, ...days(5, 6) });
    expect(await t.app.db.selectFrom('delegations').select('id').execute()).toHaveLength(2);
  });

  it("the controls hold for delegates: never their own request, never the delegator's, never two steps of one request", async () => {
    await created(director, { delegate_id: admin.id, ...days(0, 3) });
    // The delegate's own request.
    const own = await atDirector(admin);
    expect([(await act(admin, own)).statusCode, (await act(admin, own)).json().error]).toEqual([403, OWN_REQUEST]);

    // The delegator's own request: a second director holds the step, but nobody reviews it on Amina's behalf.
    await addUser(t.app, { email: 'director2@example.org', fullname: 'Second Director', role: 'director', system_role: 'director' });
    const directors = await atDirector(director);
    const refused = await act(admin, directors);
    expect([refused.statusCode, refused.json().error]).toEqual([403, DELEGATE_MESSAGES.delegatorOwn('Amina Kessy')]);

    // The delegate acted on an earlier step as themself: the finance officer as the director's delegate.
    await t.app.db.deleteFrom('delegations').execute();
    await created(director, { delegate_id: finance.id, ...days(0, 3) });
    const twice = await atDirector();
    expect([(await act(finance, twice)).statusCode, (await act(finance, twice)).json().error]).toEqual([403, ALREADY_REVIEWED]);

    // The delegator acted on an earlier step (as a delegate themself, before their own leave): their delegate may not add a second.
    await t.app.db.deleteFrom('delegations').execute();
    const forFinance = await created(finance, { delegate_id: director.id, ...days(0, 0) });
    const request = await submitted(staff);
    expect((await act(director, request)).json().data.reviews[0]).toMatchObject({
      reviewer_id: director.id,
      on_behalf_of_name: 'Grace Lyimo',
    });
    expect((await finance.end(forFinance.id)).statusCode).toBe(200);
    await created(director, { delegate_id: admin.id, ...days(0, 2) });
    expect((await act(secretary, request)).statusCode).toBe(200);
    const second = await act(admin, request);
    expect([second.statusCode, second.json().error]).toEqual([403, DELEGATE_MESSAGES.delegatorActed('Amina Kessy')]);
    await t.app.db
      .updateTable('users')
      .set({ deleted_at: new Date().toISOString() })
      .where('email', '=', 'director2@example.org')
      .execute();
  });

  it("a delegate acts only in the delegator's own role (no chain), only while it runs; directors see and end every delegation", async () => {
    const request = await atDirector();
    const scheduled = await created(director, { delegate_id: admin.id, ...days(1, 3) });
    expect(scheduled.state).toBe('scheduled');
    expect([(await act(admin, request)).statusCode]).toEqual([404]);

    await t.app.db.deleteFrom('delegations').execute();
    const running = await created(director, { delegate_id: admin.id, ...days(0, 3) });
    // The admin's own delegations lend nothing further: the petty cash custodian, not a delegate of the director, gets nothing.
    expect((await act(petty, request)).statusCode).toBe(404);
    // Another admin-permission user may see their own list but not end the director's delegation.
    expect((await petty.end(running.id)).statusCode).toBe(404);
    expect((await admin.end(running.id)).statusCode).toBe(404);
    expect((await petty.delegations()).json().delegations).toEqual([]);
    expect((await admin.delegations()).json().delegations.map((d: { id: number }) => d.id)).toEqual([running.id]);
    const byChairman = await created(chairman, { delegate_id: secretary.id, ...days(4, 5) });
    expect((await director.delegations()).json()).toMatchObject({ total: 2 });
    // A director ends another director's delegation; from then on the delegate acts for nobody.
    expect((await director.end(byChairman.id)).json().data).toMatchObject({ state: 'ended', ended_by_name: 'Amina Kessy' });
    expect((await director.end(running.id)).statusCode).toBe(200);
    const endedTwice = await director.end(running.id);
    expect([endedTwice.statusCode, endedTwice.json().code]).toEqual([409, 'DELEGATION_ENDED']);
    const after = await act(admin, request);
    expect(after.statusCode).toBe(404);
    const asDirector = await act(director, request);
    expect(asDirector.json().data.reviews[2]).toMatchObject({ reviewer_id: director.id, on_behalf_of_name: null });
    expect(stepOf('director')).toContain('Director');
  });
});
