import { DIALECTS, type TestApp } from '../../../test-support/app';
import { budgetApi } from '../../../test-support/budget';
import { uploadTestFile } from '../../../test-support/files';
import { signIn } from '../../../test-support/http';
import { dateFromToday, lastMailId, mailsSince } from '../../../test-support/requests';
import { approvedRequest, loopCaller, loopSetup, pendingStep, type LoopCaller } from '../../../test-support/retirements';
import { unzipText } from '../../../test-support/unzip';

/** Request → approve → Request Retirement → submit with receipts → review → completed, and the budget follows. */
describe.each(DIALECTS)('the retirement loop (%s)', (dialect) => {
  let t: TestApp, staff: LoopCaller, finance: LoopCaller, secretary: LoopCaller;
  loopSetup(dialect, (loop) => ({ t, staff, finance, secretary } = loop));

  const committed = async () => {
    const budget = (await budgetApi(t.app, finance.token).get(6101)).json().data;
    return budget.amount - budget.balance;
  };

  it('goes round the whole loop: attach, submit with a receipt, two accepts with cash returned, the budget commits what was spent', async () => {
    const id = await approvedRequest(staff, [finance, secretary], { amount_requested: 1_000_000, expenditure_date: dateFromToday(5) });
    expect(await committed()).toBe(1_000_000);
    expect((await staff.requests.summary(staff.id)).json().pending_retirement).toBe(1);

    const mark = await lastMailId(t.app);
    const attached = await finance.retirements.attach(id);
    expect(attached.statusCode).toBe(201);
    const retirement = attached.json().data;
    expect(retirement).toMatchObject({
      status: 'pending',
      due_date: dateFromToday(5),
      amount_spent: null,
      amount_currency: 'tzs',
      retirement_owner_id: staff.id,
      reviews: [],
      round: 0,
    });
    expect(retirement.request).toMatchObject({ id, purpose: 'travel', amount_requested: 1_000_000, budget_code: 6101 });
    expect((await finance.retirements.attach(id)).json()).toEqual({
      error: 'This request already has a retirement',
      code: 'RETIREMENT_ALREADY_ATTACHED',
    });
    expect((await staff.requests.get(id)).json().data).toMatchObject({
      current_retirement: retirement.id,
      retirement: { id: retirement.id, status: 'pending' },
    });
    expect((await mailsSince(t.app, mark)).map((m) => [m.to_address, m.subject])).toEqual([
      ['staff@example.org', expect.stringMatching(/^Please retire your request 2\d{3}-\d{5}$/)],
    ]);

    const receipt = await uploadTestFile(t.app, staff.token, 'receipt.pdf', Buffer.from('%PDF-1.4 receipt'));
    const submitted = await staff.retirements.submit({
      id: retirement.id,
      comments: 'Bus and hotel',
      amount_spent: 800_000.5,
      amount_currency: 'tzs',
      file_paths: [receipt],
    });
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json().data).toMatchObject({
      status: 'on_progress',
      amount_spent: 800_000.5,
      round: 1,
      next_reviewer_role: 'finance_officer',
      file_paths: [receipt],
    });
    expect(submitted.json().data.reviews.map((r: { reviewer_role: string; status: string }) => [r.reviewer_role, r.status])).toEqual([
      ['finance_officer', 'pending'],
      ['executive_secretary', 'pending'],
    ]);
    // The reviewers may read the receipt; while under review the budget still commits the amount requested.
    const link = await t.app.inject({
      method: 'GET',
      url: `/api/v1/files/presigned-get-url?file_name=${receipt}`,
      headers: { authorization: `Bearer ${secretary.token}` },
    });
    expect(link.statusCode).toBe(200);
    expect(await committed()).toBe(1_000_000);

    const first = await pendingStep(finance.retirements, retirement.id);
    expect(
      (
        await secretary.retirements.review({
          id: retirement.id,
          review_id: (await finance.retirements.get(retirement.id)).json().data.reviews[1].id,
          status: 'approved',
          comments: '',
        })
      ).json(),
    ).toEqual({
      error: 'This retirement awaits the Finance Officer first',
      code: 'FORBIDDEN',
    });
    const accepted = await finance.retirements.review({
      id: retirement.id,
      review_id: first.id,
      status: 'approved',
      comments: 'Receipts match',
      is_funds_returned: true,
      reviewer_name: 'Spoofed',
      reviewer_id: 1,
    });
    expect(accepted.statusCode).toBe(200);
    // SPEC's is_funds_returned is accepted and ignored: it is read from the settlement, recorded once approved
    expect(accepted.json().data).toMatchObject({
      status: 'on_progress',
      next_reviewer_role: 'executive_secretary',
      is_funds_returned: null,
    });
    expect(accepted.json().data.reviews[0]).toMatchObject({
      status: 'approved',
      reviewer_id: finance.id,
      reviewer_name: 'Grace Lyimo',
      is_funds_returned: null,
      is_complete: true,
    });
    expect(
      (await finance.retirements.review({ id: retirement.id, review_id: first.id, status: 'approved', comments: '' })).statusCode,
    ).toBe(409);

    const second = await pendingStep(secretary.retirements, retirement.id);
    const done = await secretary.retirements.review({
      id: retirement.id,
      review_id: second.id,
      status: 'approved',
      comments: '',
      is_funds_returned: true,
    });
    expect(done.json().data).toMatchObject({
      status: 'approved',
      next_reviewer_role: null,
      decided_at: expect.any(String),
      is_funds_returned: false,
      settlement_state: 'awaiting',
    });
    expect(await committed()).toBe(800_000.5);
    expect((await staff.requests.summary(staff.id)).json().pending_retirement).toBe(0);
    expect((await finance.requests.list('finance_officer', finance.id, 'unretired=true')).json().total).toBe(0);
    const audit = await t.app.db.selectFrom('audit_log').select('action').where('entity', '=', 'retirement').orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['create', 'submit', 'review', 'review']);
  });

  it('keeps a rejected submission as history when the owner asks to resubmit, and reviews the new one from the first step', async () => {
    const id = await approvedRequest(staff, [finance, secretary], { amount_requested: 500_000 });
    const retirement = (await finance.retirements.attach(id)).json().data;
    await staff.retirements.submit({
      id: retirement.id,
      comments: 'first try',
      amount_spent: 500_000,
      amount_currency: 'tzs',
      file_paths: [await staff.receipt()],
    });
    const step = await pendingStep(finance.retirements, retirement.id);
    expect((await finance.retirements.review({ id: retirement.id, review_id: step.id, status: 'rejected', comments: '' })).json()).toEqual({
      error: 'Say why the retirement is rejected in the comments',
      code: 'BAD_REQUEST',
    });
    const rejected = await finance.retirements.review({
      id: retirement.id,
      review_id: step.id,
      status: 'rejected',
      comments: 'No receipts',
    });
    expect(rejected.json().data).toMatchObject({ status: 'rejected', next_reviewer_role: null });
    expect(await committed()).toBe(500_000);
    // the step again (somebody acted on it), the next step of a retirement no longer under review, a second submission
    const codeOf = async (answer: Promise<{ statusCode: number; json: () => { code: string } }>) => {
      const response = await answer;
      return [response.statusCode, response.json().code];
    };
    const acceptance = { id: retirement.id, status: 'approved', comments: '' };
    expect(await codeOf(finance.retirements.review({ ...acceptance, review_id: step.id }))).toEqual([409, 'REVIEW_STEP_TAKEN']);
    const next = rejected.json().data.reviews.find((r: { id: number; status: string }) => r.id !== step.id);
    expect(await codeOf(secretary.retirements.review({ ...acceptance, review_id: next.id }))).toEqual([409, 'RETIREMENT_NOT_UNDER_REVIEW']);
    expect(
      await codeOf(staff.retirements.submit({ id: retirement.id, comments: 'x', amount_spent: 1, amount_currency: 'tzs', file_paths: [] })),
    ).toEqual([409, 'RETIREMENT_NOT_PENDING']);
    expect((await finance.retirements.reopen(retirement.id)).json()).toEqual({
      error: 'Only the owner of a retirement submits it or asks to resubmit it',
      code: 'FORBIDDEN',
    });

    const reopened = await staff.retirements.reopen(retirement.id);
    expect(reopened.json().data).toMatchObject({ status: 'pending', amount_spent: 500_000, comments: 'first try', reviews: [] });
    const reopenedTwice = await staff.retirements.reopen(retirement.id);
    expect([reopenedTwice.statusCode, reopenedTwice.json().code]).toEqual([409, 'RETIREMENT_NOT_REJECTED']);
    const detail = (await staff.retirements.get(retirement.id)).json().data;
    expect(detail.history).toHaveLength(1);
    expect(detail.history[0]).toMatchObject({ round: 1, amount_spent: 500_000, comments: 'first try' });
    expect(detail.history[0].reviews.map((r: { status: string; comments: string }) => [r.status, r.comments])).toEqual([
      ['rejected', 'No receipts'],
      ['pending', ''],
    ]);

    const again = await staff.retirements.submit({
      id: retirement.id,
      comments: 'with receipts',
      amount_spent: 450_000,
      amount_currency: 'tzs',
      file_paths: [await staff.receipt()],
    });
    expect(again.json().data).toMatchObject({ status: 'on_progress', round: 2, next_reviewer_role: 'finance_officer' });
    expect(again.json().data.reviews.every((r: { status: string; round: number }) => r.status === 'pending' && r.round === 2)).toBe(true);
    expect((await staff.retirements.get(retirement.id)).json().data.history.map((h: { round: number }) => h.round)).toEqual([1]);
  });

  it('refuses the wrong people and the wrong values, and writes nothing', async () => {
    const id = await approvedRequest(staff, [finance, secretary]);
    const staff2 = await loopCaller(t.app, 'staff2@example.org');
    const director = await loopCaller(t.app, 'director@example.org');
    expect((await staff.retirements.attach(id)).statusCode).toBe(404);
    const retirement = (await finance.retirements.attach(id)).json().data;
    const counts = async () =>
      Promise.all(
        ['retirements', 'retirement_reviews', 'retirement_submissions', 'audit_log'].map(
          async (table) =>
            (
              await t.app.db
                .selectFrom(table as 'retirements')
                .select((eb) => eb.fn.countAll().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
        ),
      );
    const before = await counts();
    const body = { id: retirement.id, comments: '', amount_spent: 10, amount_currency: 'tzs', file_paths: [await staff.receipt()] };
    expect((await staff2.retirements.submit(body)).json()).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
    expect((await staff2.retirements.get(retirement.id)).statusCode).toBe(404);
    expect((await finance.retirements.submit(body)).statusCode).toBe(403);
    for (const [change, status] of [
      [{ amount_spent: -1 }, 400],
      [{ amount_spent: 10.123 }, 400],
      [{ amount_spent: '10' }, 400],
      [{ amount_currency: 'usd' }, 400],
      [{ file_paths: ['zzzzzzzmissing.pdf'] }, 400],
      [{ extra: true }, 400],
    ] as const) {
      const response = await staff.retirements.submit({ ...body, ...change });
      expect({ change, status: response.statusCode }).toEqual({ change, status });
    }
    expect((await staff.retirements.submit({ ...body, amount_currency: 'usd' })).json().error).toBe(
      "The retirement is in the request's currency (TZS)",
    );
    expect(await counts()).toEqual(before);
    await staff.retirements.submit(body);
    const step = await pendingStep(finance.retirements, retirement.id);
    expect((await staff.retirements.review({ id: retirement.id, review_id: step.id, status: 'approved', comments: '' })).statusCode).toBe(
      404,
    );
    expect((await director.retirements.review({ id: retirement.id, review_id: step.id, status: 'approved', comments: '' })).json()).toEqual(
      { error: 'This step is for the Finance Officer', code: 'FORBIDDEN' },
    );
    expect(
      (await finance.retirements.review({ id: retirement.id, review_id: step.id, status: 'request_edit', comments: 'x' })).statusCode,
    ).toBe(400);
  });

  it('lists each caller their scope, the pending queue by role, and downloads what the list shows', async () => {
    const staff2 = await loopCaller(t.app, 'staff2@example.org');
    const chairman = await loopCaller(t.app, 'board_chairman@example.org');
    const mine = (await finance.retirements.attach(await approvedRequest(staff, [finance, secretary]))).json().data;
    const theirs = (
      await finance.retirements.attach(
        await approvedRequest(staff2, [finance, secretary], { purpose: 'procurement', mode_of_service: 'goods' }),
      )
    ).json().data;
    const ids = (response: { statusCode: number; body: string; json(): { retirements: Array<{ id: number }> } }) => {
      if (response.statusCode !== 200) throw new Error(response.body);
      return response.json().retirements.map((r) => r.id);
    };
    expect(ids(await staff.retirements.list())).toEqual([mine.id]);
    expect((await staff.retirements.list()).json()).toMatchObject({ page: 1, per_page: 15, total: 1 });
    expect(ids(await finance.retirements.list('role=finance_officer'))).toEqual([theirs.id, mine.id]);
    expect(ids(await finance.retirements.list('role=finance_officer&search=procure'))).toEqual([theirs.id]);
    expect(ids(await finance.retirements.list('role=finance_officer&status=on_progress'))).toEqual([]);
    expect(ids(await chairman.retirements.list('role=board_chairman'))).toEqual([]);
    expect((await staff.retirements.list('role=finance_officer')).statusCode).toBe(403);

    await staff.retirements.submit({
      id: mine.id,
      comments: '',
      amount_spent: 5,
      amount_currency: 'tzs',
      file_paths: [await staff.receipt()],
    });
    expect(ids(await finance.retirements.pending('finance_officer', finance.id))).toEqual([mine.id]);
    expect(ids(await secretary.retirements.pending('executive_secretary', secretary.id))).toEqual([]);
    expect(ids(await staff.retirements.list('status=on_progress'))).toEqual([mine.id]);
    // what is still owed (the home's Unretired tile): pending or rejected, not one under review
    expect(ids(await staff.retirements.list('owed=true'))).toEqual([]);
    expect(ids(await finance.retirements.list('role=finance_officer&owed=true'))).toEqual([theirs.id]);
    expect((await staff.retirements.list('owed=maybe')).statusCode).toBe(400);

    const sheet = await finance.retirements.download('finance_officer', finance.id);
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-disposition']).toContain('retirements.xlsx');
    const xml = unzipText(sheet.rawPayload)['xl/worksheets/sheet1.xml'];
    expect((xml.match(/<row /g) ?? []).length).toBe(3);
    expect(xml).toContain('Under Review');
    expect(xml).toContain('Not Submitted');
  });

  it('lets one of two simultaneous Request Retirement presses and one of two simultaneous reviews win (409 for the other)', async () => {
    const id = await approvedRequest(staff, [finance, secretary]);
    const director = await loopCaller(t.app, 'director@example.org');
    const presses = await Promise.all([finance.retirements.attach(id), director.retirements.attach(id)]);
    expect(presses.map((p) => p.statusCode).sort()).toEqual([201, 409]);
    const retirement = presses.find((p) => p.statusCode === 201)!.json().data;
    await staff.retirements.submit({
      id: retirement.id,
      comments: '',
      amount_spent: 5,
      amount_currency: 'tzs',
      file_paths: [await staff.receipt()],
    });
    const other = await loopCaller(t.app, 'finance_officer@example.org');
    const step = await pendingStep(finance.retirements, retirement.id);
    const second = (await signIn(t.app, 'finance_officer@example.org')).token;
    expect(second).toBeTruthy();
    const both = await Promise.all([
      finance.retirements.review({ id: retirement.id, review_id: step.id, status: 'approved', comments: '' }),
      other.retirements.review({ id: retirement.id, review_id: step.id, status: 'rejected', comments: 'no' }),
    ]);
    expect(both.map((b) => b.statusCode).sort()).toEqual([200, 409]);
  });
});
