import { createTestApp, DIALECTS, type TestApp } from '../../test-support/app';
import { uploadTestFile } from '../../test-support/files';
import { authHeaders } from '../../test-support/http';
import { dateFromToday, lastMailId, mailsSince } from '../../test-support/requests';

/**
 * A client written to docs/contracts.md §Calls works unchanged. Every call is made here as SPEC writes it —
 * its payloads, the docs/records.md entities sent back as read — and every answer is read for the shape SPEC
 * gives it. Where SPEC is ambiguous the OpenAPI descriptions say which readings are accepted.
 */
describe.each(DIALECTS)('the docs/contracts.md §Calls contract (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const call = (token: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api/v1/${url}`,
      headers: token ? authHeaders(token) : {},
      ...(payload !== undefined && { payload: payload as object }),
    });
  const signIn = async (email: string) => {
    const response = await call(null, 'POST', 'users/authenticate', { email, password: 'demo-pass-2026' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      token: expect.any(String),
      user: expect.objectContaining({ id: expect.any(Number), email, system_role: expect.any(String) }),
      organization: { id: expect.any(Number), name: expect.any(String), time_zone: 'Africa/Dar_es_Salaam' },
    });
    return body as { token: string; user: Record<string, unknown> & { id: number } };
  };

  it('signs in, validates the token, asks for and uses a reset link (users/authenticate, validate-token, forgot-password)', async () => {
    expect((await call(null, 'POST', 'users/authenticate', { email: 'staff@example.org', password: 'wrong' })).json()).toMatchObject({
      error: 'Invalid credentials',
    });
    const { token } = await signIn('staff@example.org');
    expect((await call(token, 'GET', 'users/validate-token')).json()).toEqual({
      user: expect.objectContaining({ email: 'staff@example.org' }),
      organization: { id: expect.any(Number), name: expect.any(String), time_zone: 'Africa/Dar_es_Salaam' },
    });
    const mark = await lastMailId(t.app);
    expect((await call(null, 'POST', 'forgot-password', { email: 'staff2@example.org' })).json()).toEqual({
      message: 'Reset password code has been sent to your email',
    });
    let mail: Awaited<ReturnType<typeof mailsSince>> = [];
    for (let i = 0; i < 50 && mail.length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      mail = await mailsSince(t.app, mark);
    }
    const resetToken = /token=([^&\s]+)/.exec(mail[0].text_body)![1];
    const reset = await call(null, 'POST', 'forgot-password/validate', {
      token: decodeURIComponent(resetToken),
      email: 'staff2@example.org',
      password: 'a-new-pass-2026',
    });
    expect(reset.statusCode).toBe(200);
    expect((await call(null, 'POST', 'users/authenticate', { email: 'staff2@example.org', password: 'a-new-pass-2026' })).statusCode).toBe(
      200,
    );
  });

  it('manages users with SPEC payloads, and takes a user back as it was read (POST/GET/PUT/DELETE users, restrict, settings)', async () => {
    const { token } = await signIn('director@example.org');
    const created = await call(token, 'POST', 'users', [
      {
        fullname: 'Zawadi Kombo',
        password: 'ignored-placeholder',
        department: 'outreach',
        phone_number: '0755123456',
        email: 'zawadi@example.org',
        role: 'staff',
        system_role: 'staff',
      },
    ]);
    expect(created.statusCode).toBe(201);
    const user = created.json().users[0];
    const list = (await call(token, 'GET', 'users/department/all/director?page=1&search=Zawadi')).json();
    expect(list).toMatchObject({ users: [expect.objectContaining({ id: user.id })], page: 1, total: 1 });
    const read = (await call(token, 'GET', `users/${user.id}`)).json().user;
    const keys = [
      'id',
      'fullname',
      'email',
      'phone_number',
      'department',
      'role',
      'system_role',
      'organization_id',
      'settings',
      'is_locked',
      'created_at',
      'modified_at',
      'last_logged_in',
    ];
    expect(Object.keys(read)).toEqual(expect.arrayContaining(keys));
    // The SPEC payload, and the user sent back as read with a change: the server's fields are ignored.
    const spec = await call(token, 'PUT', 'users', {
      user_id: user.id,
      fullname: 'Zawadi K. Kombo',
      role: 'staff',
      system_role: 'staff',
      department: 'outreach',
      phone_number: '0755123457',
      email: 'zawadi@example.org',
    });
    expect(spec.json().user).toMatchObject({ fullname: 'Zawadi K. Kombo', phone_number: '+255755123457' });
    const echoed = await call(token, 'PUT', 'users', {
      ...read,
      user_id: user.id,
      phone_number: '0755123458',
      is_locked: true,
      settings: '{"mute_notification":true}',
    });
    expect(echoed.statusCode).toBe(200);
    expect(echoed.json().user).toMatchObject({ phone_number: '+255755123458', is_locked: false, settings: read.settings });
    expect((await call(token, 'PUT', 'users', { ...read, user_id: user.id, id: user.id + 1 })).statusCode).toBe(400);
    expect((await call(token, 'POST', 'users/restrict', { user_id: user.id, lock_status: true })).json().user.is_locked).toBe(true);
    const own = await signIn('staff@example.org');
    const settings = await call(own.token, 'PUT', 'users/settings', { settings: '{"mute_notification":true}', user_id: own.user.id });
    expect(JSON.parse(settings.json().user.settings)).toEqual({ mute_notification: true });
    expect((await call(token, 'DELETE', `users/${user.id}`)).statusCode).toBe(204);
  });

  it('reads and writes budget codes with SPEC payloads and answer shapes (budget, codes, balance, remove, download)', async () => {
    const { token } = await signIn('finance_officer@example.org');
    const body = {
      name: 'Field kits',
      description: 'Kits for the parks',
      amount: 2500000.5,
      department: 'all',
      amount_currency: 'tzs',
      code: 6133,
      meta_data: ['operatingCost', 'stemParkDar'],
    };
    const created = await call(token, 'POST', 'budget', body);
    expect(created.statusCode).toBe(201);
    const { id } = created.json().data;
    expect((await call(token, 'GET', 'budget?page=1&search=Field&department=all')).json()).toMatchObject({
      budget_codes: [expect.objectContaining({ code: 6133 })],
      page: 1,
      per_page: expect.any(Number),
      total: 1,
    });
    expect((await call(token, 'GET', 'budget/6133')).json()).toEqual({
      data: expect.objectContaining({ code: 6133, name: 'Field kits' }),
      requests: { data: [], page: 1, per_page: expect.any(Number), total: 0 },
    });
    expect((await call(token, 'GET', 'budget/codes')).json().budget_codes).toContainEqual(
      expect.objectContaining({ code: 6133, name: 'Field kits' }),
    );
    expect((await call(token, 'GET', 'budget/6133/balance?amount=1000')).json()).toMatchObject({ has_balance: true, currency: 'tzs' });
    expect((await call(token, 'PUT', 'budget', { id, ...body, name: 'Field kits 2027' })).json().data.name).toBe('Field kits 2027');
    expect((await call(token, 'PUT', 'budget', { id, current_status: 'archived' })).json().data.current_status).toBe('archived');
    expect((await call(token, 'GET', 'budget/download/6133')).statusCode).toBe(200);
    expect((await call(token, 'POST', 'budget/remove', { id })).statusCode).toBeLessThan(300);
  });

  it('goes through requests, reviews and retirements as SPEC writes them, sending back what it read', async () => {
    const staff = await signIn('staff@example.org');
    const finance = await signIn('finance_officer@example.org');
    const secretary = await signIn('executive_secretary@example.org');
    const receipt = await uploadTestFile(t.app, staff.token, 'invoice.pdf', Buffer.from('%PDF-1.4 invoice'));
    // docs/records.md Request fields, the server-owned ones included as a client fills them.
    const request = {
      purpose: 'travel',
      amount_requested: 150000,
      amount_currency: 'tzs',
      department: 'engineering',
      expenditure_date: dateFromToday(2),
      tax_status: 'taxInclusive',
      request_owner_name: 'Neema Mushi',
      request_owner_id: staff.user.id,
      name_of_establishment: 'Dar Express',
      expenditure_justification: 'Site visit',
      mode_of_service: 'publicTransport',
      budget_code: 6101,
      payment_mode: 'cash',
      file_paths: [receipt],
      current_status: 'approved',
      approval_number: '1999-99999',
    };
    expect((await call(staff.token, 'POST', 'requests', { ...request, request_owner_id: finance.user.id })).json()).toEqual({
      error: 'A request is made by its owner: request_owner_id must be your own id',
      code: 'FORBIDDEN',
    });
    const created = await call(staff.token, 'POST', 'requests', request);
    expect(created.statusCode).toBe(201);
    const made = created.json().data;
    expect(made).toMatchObject({
      current_status: 'pending',
      approval_number: null,
      request_owner_id: staff.user.id,
      department: 'engineering',
    });

    // Return for edits with the Review entity (its id, not review_id), then resubmit what was read.
    const read = (await call(finance.token, 'GET', `requests/request/${made.id}`)).json().data;
    expect(read.version_history).toEqual([]);
    const step = read.reviews[0];
    const returned = await call(finance.token, 'PUT', 'reviews', {
      ...step,
      status: 'request_edit',
      comments: 'Add the return trip',
      is_complete: true,
      is_edit: true,
    });
    expect(returned.json().data.current_status).toBe('request_edit');
    const again = (await call(staff.token, 'GET', `requests/request/${made.id}`)).json().data;
    const resubmitted = await call(staff.token, 'POST', 'requests/request/request-edit', {
      ...again,
      amount_requested: 180000,
      parent_request: again.id,
    });
    expect(resubmitted.statusCode).toBe(201);
    const version2 = resubmitted.json().data;
    expect(version2).toMatchObject({ parent_request: made.id, amount_requested: 180000, version: 2 });

    for (const [who, token] of [
      ['finance', finance.token],
      ['secretary', secretary.token],
    ] as const) {
      const pending = (await call(token, 'GET', `requests/request/${version2.id}`))
        .json()
        .data.reviews.find((r: { status: string }) => r.status === 'pending');
      const acted = await call(token, 'PUT', 'reviews', {
        id: pending.id,
        request_id: version2.id,
        reviewer_id: 1,
        reviewer_name: 'x',
        reviewer_role: pending.reviewer_role,
        comments: '',
        status: 'approved',
        is_complete: false,
        user_id: staff.user.id,
        is_edit: false,
      });
      expect({ who, status: acted.statusCode }).toEqual({ who, status: 200 });
    }
    expect((await call(staff.token, 'GET', `requests/user/${staff.user.id}?page=1&search=&status=approved`)).json()).toMatchObject({
      requests: [expect.objectContaining({ id: version2.id })],
      total: 1,
      per_page: expect.any(Number),
    });
    expect((await call(finance.token, 'GET', `requests/finance_officer/pending/${finance.user.id}`)).json()).toMatchObject({
      requests: [],
      total: 0,
    });
    expect((await call(staff.token, 'GET', `requests/summary/${staff.user.id}`)).json()).toEqual({
      pending: 0,
      approved: 1,
      rejected: 0,
      pending_retirement: 1,
    });
    expect((await call(staff.token, 'GET', `requests/download/user?id=${staff.user.id}`)).headers['content-disposition']).toContain(
      'Neema Mushi requests.xlsx',
    );
    expect((await call(staff.token, 'GET', `files/presigned-get-url?file_name=${receipt}`)).json()).toEqual(
      expect.objectContaining({ url: expect.any(String) }),
    );

    // Retirements: attach with {data}, submit, review with SPEC's fields, list with limit 15.
    const attached = await call(finance.token, 'POST', 'retirement/attach-retirement', { data: { id: version2.id } });
    expect(attached.statusCode).toBe(201);
    const retirement = attached.json().data;
    expect(Object.keys(retirement)).toEqual(
      expect.arrayContaining([
        'id',
        'status',
        'due_date',
        'comments',
        'amount_spent',
        'amount_currency',
        'modified_at',
        'file_paths',
        'retirement_owner_id',
        'reviews',
      ]),
    );
    const submitted = await call(staff.token, 'POST', 'retirement/user-submit', {
      id: retirement.id,
      comments: 'Spent less',
      amount_spent: 120000,
      amount_currency: 'tzs',
      file_paths: [await uploadTestFile(t.app, staff.token, 'receipt.pdf', Buffer.from('%PDF-1.4 receipt'))],
    });
    expect(submitted.json().data.status).toBe('on_progress');
    for (const token of [finance.token, secretary.token]) {
      const current = (await call(token, 'GET', `retirement/${retirement.id}`)).json().data;
      const pending = current.reviews.find((r: { status: string }) => r.status === 'pending');
      const reviewed = await call(token, 'POST', 'retirement/review', {
        id: retirement.id,
        review_id: pending.id,
        reviewer_title: 'Officer',
        reviewer_name: 'Someone',
        reviewer_id: 99,
        comments: 'Fine',
        is_funds_returned: true,
        status: 'approved',
      });
      expect(reviewed.statusCode).toBe(200);
    }
    const listed = (await call(staff.token, 'GET', 'retirement/requests?search=&status=approved&limit=15&page=1')).json();
    expect(listed).toMatchObject({
      // is_funds_returned is accepted on review and answered, read from the settlement finance records: none yet
      retirements: [expect.objectContaining({ id: retirement.id, status: 'approved', amount_spent: 120000, is_funds_returned: false })],
      per_page: 15,
      total: 1,
    });
    expect((await call(finance.token, 'GET', 'retirement/requests?limit=15&role=finance_officer&page=1')).json().total).toBe(1);
    expect((await call(staff.token, 'GET', `retirement/download/user?id=${staff.user.id}`)).headers['content-disposition']).toContain(
      'retirements.xlsx',
    );
    expect((await call(staff.token, 'POST', 'retirement/request-edit', { id: retirement.id })).statusCode).toBe(409);
    expect((await call(staff.token, 'GET', 'files/presigned-post-url?file_name=receipt.png')).json()).toEqual({
      url: expect.any(String),
      fields: expect.objectContaining({ key: expect.any(String) }),
    });
  });
});
