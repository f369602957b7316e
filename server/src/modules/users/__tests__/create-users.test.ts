import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { authHeaders, signIn } from '../../../test-support/http';
import { readMailFolder, resetLinkIn } from '../../../test-support/mail';
import { addUser, rowCounts, usersApi } from '../../../test-support/users';

const person = (n: number, overrides: Record<string, unknown> = {}) => ({
  fullname: `Person ${n}`,
  department: 'finance',
  phone_number: `07120000${String(n).padStart(2, '0')}`,
  email: `person${n}@example.org`,
  role: 'staff',
  system_role: 'staff',
  ...overrides,
});

describe.each(DIALECTS)('POST users (%s)', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(() => t.close());

  const asRole = async (role: string) => usersApi(t.app, (await signIn(t.app, `${role}@example.org`)).token);

  it('adds trimmed users, answers 201 with them, invites each by e-mail and audits each', async () => {
    const director = await signIn(t.app, 'director@example.org');
    const response = await usersApi(t.app, director.token).create([
      person(1, { fullname: '  Asha   Mushi ', email: ' Asha@Example.ORG ', phone_number: ' 0712345678 ', password: 'ignored-password' }),
      person(2, { role: 'admin', system_role: 'finance_officer', department: 'accounting' }),
    ]);
    expect(response.statusCode).toBe(201);
    const { users } = response.json();
    expect(users).toEqual([
      expect.objectContaining({
        fullname: 'Asha Mushi',
        email: 'asha@example.org',
        phone_number: '+255712345678',
        department: 'finance',
        role: 'staff',
        system_role: 'staff',
        is_locked: false,
        lock_reason: null,
        last_logged_in: null,
        organization_id: 1,
      }),
      expect.objectContaining({ fullname: 'Person 2', role: 'admin', system_role: 'finance_officer', department: 'accounting' }),
    ]);
    expect(users[0].settings).toBe('{"mute_notification":false}');

    const stored = await t.app.db
      .selectFrom('users')
      .select(['email', 'password_hash'])
      .where('email', 'in', ['asha@example.org', 'person2@example.org'])
      .execute();
    expect(stored.map((u) => u.password_hash)).toEqual([null, null]);
    // The spec's password travels but is never stored: it does not sign in.
    const withIt = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/authenticate',
      payload: { email: 'asha@example.org', password: 'ignored-password' },
    });
    expect(withIt.statusCode).toBe(401);

    const audit = await t.app.db.selectFrom('audit_log').selectAll().where('action', '=', 'create').orderBy('id').execute();
    expect(audit.map((a) => [a.actor_id, a.entity, a.entity_id])).toEqual(
      users.map((u: { id: number }) => [director.user.id, 'user', String(u.id)]),
    );
    expect(JSON.parse(audit[0].after_json!)).toMatchObject({ email: 'asha@example.org', fullname: 'Asha Mushi' });
    expect(audit[0].after_json).not.toContain('ignored-password');

    const tokens = await t.app.db.selectFrom('password_resets').selectAll().execute();
    expect(tokens.map((r) => r.kind)).toEqual(['invite', 'invite']);
    const ttl = Date.parse(tokens[0].expires_at) - Date.parse(tokens[0].created_at);
    expect(ttl).toBe(7 * 24 * 60 * 60 * 1000);
  });

  it('mails a working set-password link, usable once, after which the new user signs in', async () => {
    const admin = await asRole('admin');
    expect((await admin.create([person(1), person(2)])).statusCode).toBe(201);
    await t.app.outbox.runOnce();

    const mails = await readMailFolder(t.dataDir);
    expect(mails.map((m) => m.to).sort()).toEqual(['person1@example.org', 'person2@example.org']);
    const mail = mails.find((m) => m.to === 'person1@example.org')!;
    expect(mail.subject).toBe('Your Imprest account');
    expect(mail.body).toContain('Baraka Mwakyusa has created an Imprest account for you at Imprest Demo');
    const link = resetLinkIn(mail.body);
    expect(`${link.origin}${link.pathname}`).toBe('http://imprest.test/reset-link');
    expect(link.searchParams.get('email')).toBe('person1@example.org');
    const token = link.searchParams.get('token')!;

    const set = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/forgot-password/validate', payload: { token, email: 'person1@example.org', password } });
    expect((await set('my-own-secret-1')).json()).toEqual({ message: 'Password reset successful' });
    expect((await set('my-own-secret-2')).json()).toEqual({
      error:
        "Error. Couldn't reset password: this link has already been used. To change your password again, ask for a new link with Reset Password.",
      code: 'RESET_LINK_USED',
    });

    const { token: session } = await signIn(t.app, 'person1@example.org', 'my-own-secret-1');
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/users/validate-token', headers: authHeaders(session) });
    expect(me.json().user.email).toBe('person1@example.org');
    const accepted = await t.app.db.selectFrom('audit_log').select('action').where('action', '=', 'invitation_accepted').execute();
    expect(accepted).toHaveLength(1);
  });

  it('refuses an invitation link after 7 days', async () => {
    const director = await asRole('director');
    await director.create([person(1)]);
    await t.app.outbox.runOnce();
    const link = resetLinkIn((await readMailFolder(t.dataDir))[0].body);
    t.clock.advance(7 * 24 * 60 * 60 * 1000 + 1000);
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/v1/forgot-password/validate',
      payload: { token: link.searchParams.get('token'), email: 'person1@example.org', password: 'my-own-secret-1' },
    });
    expect(late.statusCode).toBe(400);
  });

  it('names every bad row, 1-based, and writes nothing', async () => {
    const director = await asRole('director');
    await addUser(t.app, { email: 'taken@example.org' });
    const before = await rowCounts(t.app);
    const response = await director.create([
      person(1),
      person(2, { email: 'TAKEN@example.org' }),
      person(3, { email: 'person1@example.org', phone_number: '07-12 ab' }),
      person(4, { department: 'all', fullname: ' ' }),
      person(5, { email: 'not-an-address', system_role: 'emperor' }),
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'Row 2: e-mail taken@example.org is already in use (and 6 more problems)',
      code: 'BAD_REQUEST',
      rows: [
        { row: 2, field: 'email', message: 'e-mail taken@example.org is already in use' },
        { row: 3, field: 'phone_number', message: 'phone number 07-12 ab is not a valid mobile number (e.g. 0712 345 678)' },
        { row: 3, field: 'email', message: 'e-mail person1@example.org is also in row 1' },
        { row: 4, field: 'fullname', message: 'full name is required' },
        { row: 4, field: 'department', message: 'department "all" is not one of the departments' },
        { row: 5, field: 'email', message: 'e-mail not-an-address is not a valid address' },
        { row: 5, field: 'system_role', message: 'system role "emperor" is not one of the system roles' },
      ],
    });
    expect(await rowCounts(t.app)).toEqual(before);
  });

  it('answers a single duplicate with exactly that row', async () => {
    const admin = await asRole('admin');
    const response = await admin.create([person(1), person(2), person(3, { email: 'staff@example.org' })]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'Row 3: e-mail staff@example.org is already in use',
      code: 'BAD_REQUEST',
      rows: [{ row: 3, field: 'email', message: 'e-mail staff@example.org is already in use' }],
    });
  });

  it("reuses a deleted user's e-mail and ignores other organisations", async () => {
    await addUser(t.app, { email: 'person1@example.org', deleted_at: new Date().toISOString() });
    const other = await t.app.db
      .insertInto('organizations')
      .values({ name: 'Other', created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await addUser(t.app, { email: 'person2@example.org', organization_id: other.id });
    const director = await asRole('director');
    expect((await director.create([person(1), person(2)])).statusCode).toBe(201);
  });

  it('lets only directors give the director position or a system role other than staff', async () => {
    const rows = [
      person(1),
      person(2, { role: 'director' }),
      person(3, { system_role: 'director' }),
      person(4, { role: 'director', system_role: 'director' }),
      person(5, { system_role: 'finance_officer' }),
    ];
    const message = 'only directors may give the director position or a system role other than staff';
    for (const role of ['admin', 'finance_officer', 'board_chairman', 'executive_secretary']) {
      const api = await asRole(role);
      const before = await rowCounts(t.app);
      const response = await api.create(rows);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        error: `Row 2: ${message} (and 4 more problems)`,
        code: 'FORBIDDEN',
        rows: [
          { row: 2, field: 'role', message },
          { row: 3, field: 'system_role', message },
          { row: 4, field: 'role', message },
          { row: 4, field: 'system_role', message },
          { row: 5, field: 'system_role', message },
        ],
      });
      expect(await rowCounts(t.app)).toEqual(before);
    }
    const response = await (await asRole('director')).create(rows);
    expect(response.statusCode).toBe(201);
    expect(response.json().users.map((u: { role: string; system_role: string }) => `${u.role}/${u.system_role}`)).toEqual([
      'staff/staff',
      'director/staff',
      'staff/director',
      'director/director',
      'staff/finance_officer',
    ]);
  });

  it('hides the call from staff (404) and anonymous callers (401)', async () => {
    const staff = await asRole('staff');
    expect((await staff.create([person(1)])).statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/v1/users', payload: [person(1)] });
    expect(anonymous.statusCode).toBe(401);
  });
});
