import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { act, reviewer, submitted, useDirectorChain, type Reviewer } from '../../../test-support/delegations';
import { dateFromToday, requestBody, requestsApi } from '../../../test-support/requests';
import { signIn } from '../../../test-support/http';
import { addOrganization, addUser } from '../../../test-support/users';
import { OWN_REQUEST, STEP_TAKEN, awaitsFirst } from '../../requests/review-request';
import { AWAITING_LIST_MAX } from '../service';
import { demoName } from '../../../test-support/review-queue';

const DAY = 86_400_000;

describe.each(DIALECTS)('bulk accept and the queue (%s)', (dialect) => {
  let t: TestApp;
  let staff: Reviewer, finance: Reviewer, secretary: Reviewer, secretary2: Reviewer;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await useDirectorChain(t.app);
    await addUser(t.app, {
      email: 'secretary2@example.org',
      fullname: 'Second Secretary',
      role: 'admin',
      system_role: 'executive_secretary',
    });
    [staff, finance, secretary, secretary2] = await Promise.all(
      ['staff@example.org', 'finance_officer@example.org', 'executive_secretary@example.org', 'secretary2@example.org'].map((e) =>
        reviewer(t.app, e),
      ),
    );
  });
  afterAll(() => t.close());

  const atSecretary = async (owner = staff) => {
    const request = await submitted(owner);
    expect((await act(finance, request)).statusCode).toBe(200);
    return request;
  };

  it('accepts each request on its own, with every usual check, and answers per item', async () => {
    const five = [];
    for (let i = 0; i < 5; i++) five.push(await atSecretary());
    const own = await atSecretary(secretary);
    const taken = await atSecretary();
    expect((await act(secretary2, taken)).statusCode).toBe(200);
    const early = await submitted(staff);
    const otherOrg = await addOrganization(t.app, 'Elsewhere');
    await addUser(t.app, { email: 'far@example.org', organization_id: otherOrg, role: 'staff', system_role: 'staff' });
    const missing = 99_999;

    const response = await secretary.bulkAccept({
      request_ids: [...five.map((r) => r.id), own.id, taken.id, early.id, missing],
      comments: 'All in order',
    });
    expect(response.statusCode).toBe(200);
    const results = response.json().results;
    expect(results.slice(0, 5)).toEqual(five.map((r) => ({ request_id: r.id, ok: true, status: 'on_progress' })));
    expect(results.slice(5)).toEqual([
      { request_id: own.id, ok: false, error: OWN_REQUEST, code: 'FORBIDDEN' },
      { request_id: taken.id, ok: false, error: STEP_TAKEN, code: 'REVIEW_STEP_TAKEN' },
      { request_id: early.id, ok: false, error: awaitsFirst('finance_officer'), code: 'FORBIDDEN' },
      { request_id: missing, ok: false, error: 'Not found', code: 'NOT_FOUND' },
    ]);
    const steps = await t.app.db
      .selectFrom('reviews')
      .select(['request_id', 'status', 'reviewer_id', 'comments'])
      .where('position', '=', 1)
      .where(
        'request_id',
        'in',
        five.map((r) => r.id),
      )
      .execute();
    expect(steps.every((s) => s.status === 'approved' && s.reviewer_id === secretary.id && s.comments === 'All in order')).toBe(true);
    expect((await secretary.bulkAccept({ request_ids: [] })).statusCode).toBe(400);
  });

  it('racing another reviewer on an item: exactly one wins, the loser hears 409', async () => {
    for (let round = 0; round < 5; round++) {
      const items = [await atSecretary(), await atSecretary()];
      const [bulk, single] = await Promise.all([secretary.bulkAccept({ request_ids: items.map((r) => r.id) }), act(secretary2, items[1])]);
      const bulkWon = bulk.json().results[1].ok as boolean;
      expect(bulk.json().results[0].ok).toBe(true);
      expect(bulkWon).toBe(single.statusCode !== 200);
      if (!bulkWon) expect(bulk.json().results[1].code).toBe('REVIEW_STEP_TAKEN');
      const step = await t.app.db
        .selectFrom('reviews')
        .selectAll()
        .where('request_id', '=', items[1].id)
        .where('position', '=', 1)
        .executeTakeFirstOrThrow();
      expect(step.reviewer_id).toBe(bulkWon ? secretary.id : secretary2.id);
    }
  });

  it("the reviewer's home: how many wait and the oldest, with how long it waited", async () => {
    const director = await reviewer(t.app, 'director@example.org');
    const before = (await director.queue()).json();
    const request = await atSecretary();
    await act(secretary, request);
    await t.app.db
      .updateTable('requests')
      .set({ modified_at: new Date(Date.now() - 4 * DAY - 1000).toISOString() })
      .where('id', '=', request.id)
      .execute();
    const queue = (await director.queue()).json();
    expect(queue.waiting).toBe(before.waiting + 1);
    expect(queue.oldest).toMatchObject({
      request_id: request.id,
      request_owner_name: 'Neema Mushi',
      days_waiting: 4,
      on_behalf_of_name: null,
    });
    const { token } = await signIn(t.app, 'staff@example.org');
    expect((await requestsApi(t.app, token).create(requestBody())).statusCode).toBe(201);
    expect((await staff.queue()).statusCode).toBe(404);
  });

  it("a delegate's panel lists their own and the lent steps they may take, and accepts a mix of both in one call", async () => {
    const director = await reviewer(t.app, 'director@example.org');
    const atDirector = async (owner: Reviewer) => {
      const request = await atSecretary(owner);
      expect((await act(secretary2, request)).statusCode).toBe(200);
      return request;
    };
    const own = await atSecretary();
    const lent = await atDirector(staff);
    const away = await director.delegate({ delegate_id: secretary.id, starts_on: dateFromToday(0), ends_on: dateFromToday(1) });
    expect(away.statusCode).toBe(201);
    try {
      const listed = (await secretary.awaiting()).json().requests as Array<{ id: number; on_behalf_of_name: string | null }>;
      const row = (id: number) => listed.find((r) => r.id === id);
      expect(row(own.id)).toMatchObject({ on_behalf_of_name: null, next_reviewer_role: 'executive_secretary' });
      expect(row(lent.id)).toMatchObject({ on_behalf_of_name: 'Amina Kessy', next_reviewer_role: 'director' });
      // without the delegation the lent step is not theirs
      expect((await secretary2.awaiting()).json().requests.map((r: { id: number }) => r.id)).not.toContain(lent.id);

      const response = await secretary.bulkAccept({ request_ids: [own.id, lent.id] });
      expect(response.json().results).toEqual([
        { request_id: own.id, ok: true, status: 'on_progress' },
        { request_id: lent.id, ok: true, status: 'approved' },
      ]);
      const step = await t.app.db
        .selectFrom('reviews')
        .select(['reviewer_id', 'on_behalf_of_id'])
        .where('request_id', '=', lent.id)
        .where('reviewer_role', '=', 'director')
        .executeTakeFirstOrThrow();
      expect(step).toEqual({ reviewer_id: secretary.id, on_behalf_of_id: director.id });
      // accepted: gone from the panel; the one now at the director's step was the delegate's own step, so never theirs
      const after = (await secretary.awaiting()).json().requests.map((r: { id: number }) => r.id);
      expect(after).not.toContain(own.id);
      expect(after).not.toContain(lent.id);
    } finally {
      await director.end(away.json().data.id);
    }
    expect((await staff.awaiting()).statusCode).toBe(404);
  });
});

describe.each(DIALECTS)("a delegate's Accept selected panel (%s)", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await useDirectorChain(t.app);
  });
  afterAll(() => t.close());

  it('fills to its 100 with steps the delegate may take when the oldest candidates are ones the delegator may not act on', async () => {
    const [staff, finance, secretary, director, admin] = await Promise.all(
      [
        'staff@example.org',
        'finance_officer@example.org',
        'executive_secretary@example.org',
        'director@example.org',
        'admin@example.org',
      ].map((e) => reviewer(t.app, e)),
    );
    const atDirector = async (secretaryStep: Reviewer) => {
      const request = await submitted(staff);
      expect((await act(finance, request)).statusCode).toBe(200);
      expect((await act(secretaryStep, request)).statusCode).toBe(200);
      return request;
    };
    // five on which the director took the secretary's step (the secretary's day away): the director may
    // not act twice on one request, so neither may the director's delegate; they are the oldest waiting
    const lentToDirector = await secretary.delegate({ delegate_id: director.id, starts_on: dateFromToday(0), ends_on: dateFromToday(1) });
    expect(lentToDirector.statusCode).toBe(201);
    const barred = [];
    for (let i = 0; i < 5; i += 1) barred.push(await atDirector(director));
    expect((await secretary.end(lentToDirector.json().data.id)).statusCode).toBe(200);
    const others = [];
    for (let i = 0; i < AWAITING_LIST_MAX; i += 1) others.push(await atDirector(secretary));

    const away = await director.delegate({ delegate_id: admin.id, starts_on: dateFromToday(0), ends_on: dateFromToday(1) });
    expect(away.statusCode).toBe(201);
    const listed = (await admin.awaiting()).json().requests as Array<{ id: number; on_behalf_of_name: string | null }>;
    // a full panel, oldest first, none of the five (it stopped at 95 when they were counted against it)
    expect(listed.map((r) => r.id)).toEqual(others.map((r) => r.id));
    for (const request of barred) expect(listed.map((r) => r.id)).not.toContain(request.id);
    expect(new Set(listed.map((r) => r.on_behalf_of_name))).toEqual(new Set([demoName('director@example.org')]));
    // 105 requests walked to the director through the API (~320 calls): 7.4 s alone on PostgreSQL,
    // over 30 s in a loaded CI run beside the browser tests
  }, 120_000);
});
