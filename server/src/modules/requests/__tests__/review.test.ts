import { organizationToday } from '@imprest/domain';
import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { budgetApi } from '../../../test-support/budget';
import { signIn } from '../../../test-support/http';
import { lastMailId, mailsSince, requestBody, requestCounts, requestsApi, type RequestsApi } from '../../../test-support/requests';
import { addOrganization, addUser } from '../../../test-support/users';
import { ALREADY_REVIEWED, OWN_REQUEST, REVIEW_CLOSED, STEP_TAKEN, awaitsFirst, stepOf } from '../review-request';

const YEAR = organizationToday('Africa/Dar_es_Salaam', new Date()).slice(0, 4);

describe.each(DIALECTS)('PUT reviews (%s)', (dialect) => {
  let t: TestApp;
  let staff: RequestsApi;
  let finance: RequestsApi;
  let secretary: RequestsApi;
  let ids: { staff: number; finance: number; secretary: number };

  const submit = async (change: Record<string, unknown> = {}) =>
    (await staff.create(requestBody({ amount_requested: 100_000, ...change }))).json().data;
  const stepIds = (data: { reviews: Array<{ id: number }> }) => data.reviews.map((r) => r.id);
  const act = (api: RequestsApi, data: { id: number }, reviewId: number, status: string, comments = '') =>
    api.review({ request_id: data.id, review_id: reviewId, status, comments });
  const committed = async () =>
    (await budgetApi(t.app, (await signIn(t.app, 'director@example.org')).token).get(6101)).json().data.committed;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const sessions = await Promise.all(
      ['staff', 'finance_officer', 'executive_secretary'].map((role) => signIn(t.app, `${role}@example.org`)),
    );
    [staff, finance, secretary] = sessions.map((s) => requestsApi(t.app, s.token));
    ids = { staff: sessions[0].user.id, finance: sessions[1].user.id, secretary: sessions[2].user.id };
  });
  afterAll(() => t.close());

  it('moves pending → on_progress → approved, records the acting reviewers, numbers approvals per year and tells who comes next', async () => {
    const told = jest.spyOn(t.app.realtime.events, 'requestUpdated');
    const data = await submit();
    const [first, second] = stepIds(data);
    let mailId = await lastMailId(t.app);

    // Older clients send the reviewer; the caller is recorded whatever they say.
    const step1 = await finance.review({
      request_id: data.id,
      review_id: first,
      status: 'approved',
      reviewer_id: 999,
      reviewer_name: 'Mallory',
      reviewer_title: 'Boss',
    });
    expect(step1.statusCode).toBe(200);
    expect(step1.json().data).toMatchObject({
      current_status: 'on_progress',
      next_reviewer_role: 'executive_secretary',
      approval_number: null,
    });
    expect(step1.json().data.reviews[0]).toMatchObject({
      status: 'approved',
      reviewer_id: ids.finance,
      reviewer_name: 'Grace Lyimo',
      reviewer_title: 'admin',
      comments: '',
      is_complete: true,
      is_edit: false,
    });
    expect(step1.json().data.reviews[0].acted_at).toEqual(expect.any(String));
    expect((await mailsSince(t.app, mailId)).map((m) => m.to_address)).toEqual(['executive_secretary@example.org']);
    expect(told).toHaveBeenLastCalledWith(1, data.id);

    mailId = await lastMailId(t.app);
    const step2 = (await act(secretary, data, second, 'approved', '  Fine  ')).json().data;
    expect(step2).toMatchObject({ current_status: 'approved', next_reviewer_role: null, approval_number: `${YEAR}-00001` });
    expect(step2.approved_at).toEqual(expect.any(String));
    expect(step2.reviews[1].comments).toBe('Fine');
    const mails = await mailsSince(t.app, mailId);
    expect(mails.map((m) => [m.to_address, m.subject])).toEqual([['staff@example.org', `Your request was approved: ${YEAR}-00001`]]);
    expect(mails[0].text_body).toContain('Faraji Mollel wrote: Fine');

    const again = await submit();
    await act(finance, again, stepIds(again)[0], 'approved');
    expect((await act(secretary, again, stepIds(again)[1], 'approved')).json().data.approval_number).toBe(`${YEAR}-00002`);

    const audit = await t.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'request')
      .where('entity_id', '=', String(data.id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => [a.action, a.actor_id])).toEqual([
      ['create', ids.staff],
      ['review', ids.finance],
      ['review', ids.secretary],
    ]);
    expect(JSON.parse(audit[2].before_json!)).toMatchObject({ current_status: 'on_progress', next_reviewer_role: 'executive_secretary' });
    expect(JSON.parse(audit[2].after_json!)).toMatchObject({
      current_status: 'approved',
      approval_number: `${YEAR}-00001`,
      step: { status: 'approved', comments: 'Fine' },
    });
    told.mockRestore();
  });

  it('rejects with a comment: the owner hears why, the chain closes and the amount is released', async () => {
    const before = await committed();
    const data = await submit();
    expect(await committed()).toBe(before + 100_000);
    const mailId = await lastMailId(t.app);
    const response = (await act(finance, data, stepIds(data)[0], 'rejected', 'No quote attached')).json().data;
    expect(response).toMatchObject({ current_status: 'rejected', next_reviewer_role: null });
    expect(response.reviews.map((r: { status: string }) => r.status)).toEqual(['rejected', 'pending']);
    const mails = await mailsSince(t.app, mailId);
    expect(mails.map((m) => [m.to_address, m.subject])).toEqual([['staff@example.org', 'Your request was rejected']]);
    expect(mails[0].text_body).toContain('Grace Lyimo wrote: No quote attached');
    expect(await committed()).toBe(before);
    expect((await act(secretary, data, stepIds(data)[1], 'approved')).json()).toEqual({
      error: REVIEW_CLOSED.rejected,
      code: 'REQUEST_NOT_REVIEWABLE',
    });
  });

  it('requires a comment to reject or return, at most 2000 characters, and writes nothing without', async () => {
    const data = await submit();
    const before = await requestCounts(t.app);
    expect((await act(finance, data, stepIds(data)[0], 'rejected', '   ')).json()).toEqual({
      error: 'Say why the request is rejected in the comments',
      code: 'BAD_REQUEST',
    });
    expect((await act(finance, data, stepIds(data)[0], 'request_edit')).json()).toEqual({
      error: 'Say what to change in the comments',
      code: 'BAD_REQUEST',
    });
    expect((await act(finance, data, stepIds(data)[0], 'approved', 'x'.repeat(2001))).json().error).toBe(
      'body.comments: must be at most 2000 characters',
    );
    expect((await act(finance, data, stepIds(data)[0], 'pending')).statusCode).toBe(400);
    expect(await requestCounts(t.app)).toEqual(before);
  });

  it('refuses out-of-order, wrong-role and repeated actions (403), a taken step (409), and hides requests from those who may not see them (404)', async () => {
    const data = await submit();
    const [first, second] = stepIds(data);
    const director = requestsApi(t.app, (await signIn(t.app, 'director@example.org')).token);
    const chairman = requestsApi(t.app, (await signIn(t.app, 'board_chairman@example.org')).token);
    const staff2 = requestsApi(t.app, (await signIn(t.app, 'staff2@example.org')).token);
    const outsiderOrg = await addOrganization(t.app, 'Elsewhere');
    await addUser(t.app, { email: 'fo@elsewhere.org', organization_id: outsiderOrg, system_role: 'finance_officer' });
    const outsider = requestsApi(t.app, (await signIn(t.app, 'fo@elsewhere.org')).token);
    const before = await requestCounts(t.app);

    const refused: Array<[RequestsApi, number, number, unknown]> = [
      [secretary, second, 403, { error: awaitsFirst('finance_officer'), code: 'FORBIDDEN' }],
      [secretary, first, 403, { error: stepOf('finance_officer'), code: 'FORBIDDEN' }],
      [director, first, 403, { error: stepOf('finance_officer'), code: 'FORBIDDEN' }],
      [staff, first, 403, { error: OWN_REQUEST, code: 'FORBIDDEN' }],
      [chairman, first, 404, { error: 'Not found', code: 'NOT_FOUND' }],
      [staff2, first, 404, { error: 'Not found', code: 'NOT_FOUND' }],
      [outsider, first, 404, { error: 'Not found', code: 'NOT_FOUND' }],
    ];
    for (const [api, reviewId, status, body] of refused) {
      const response = await act(api, data, reviewId, 'approved');
      expect([response.statusCode, response.json()]).toEqual([status, body]);
    }
    const other = await submit();
    expect((await act(finance, data, stepIds(other)[0], 'approved')).statusCode).toBe(404);
    expect((await finance.review({ request_id: 999_999, review_id: first, status: 'approved' })).statusCode).toBe(404);
    // Only the second request's submission wrote anything.
    expect(await requestCounts(t.app)).toEqual({
      ...before,
      requests: before.requests + 1,
      reviews: before.reviews + 2,
      audit_log: before.audit_log + 1,
      outbox: before.outbox + 1,
    });

    expect((await act(finance, data, first, 'approved')).statusCode).toBe(200);
    expect((await act(finance, data, first, 'approved')).json()).toEqual({ error: STEP_TAKEN, code: 'REVIEW_STEP_TAKEN' });
    expect((await act(finance, data, second, 'approved')).json()).toEqual({ error: ALREADY_REVIEWED, code: 'FORBIDDEN' });
    expect((await act(secretary, data, second, 'approved')).statusCode).toBe(200);
    expect((await act(secretary, data, second, 'approved')).json()).toEqual({ error: STEP_TAKEN, code: 'REVIEW_STEP_TAKEN' });
  });

  it("never lets the owner review their own request, even holding the step's role", async () => {
    await addUser(t.app, { email: 'fo2@example.org', fullname: 'Second Officer', system_role: 'finance_officer', role: 'admin' });
    const data = (await finance.create(requestBody({ amount_requested: 10 }))).json().data;
    expect(data.next_reviewer_role).toBe('finance_officer');
    expect((await act(finance, data, stepIds(data)[0], 'approved')).json()).toEqual({ error: OWN_REQUEST, code: 'FORBIDDEN' });
    const other = requestsApi(t.app, (await signIn(t.app, 'fo2@example.org')).token);
    expect((await act(other, data, stepIds(data)[0], 'approved')).json().data.reviews[0].reviewer_name).toBe('Second Officer');
  });
});
