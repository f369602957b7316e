import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { authHeaders, signIn } from '../../../test-support/http';
import { addOrganization, addUser, rowCounts, userIdOf, usersApi } from '../../../test-support/users';

const IDENTITY = { error: "Only directors can change a user's name, department, position and system role", code: 'FORBIDDEN' };
const NOT_FOUND = { error: 'Not found', code: 'NOT_FOUND' };

describe.each(DIALECTS)('one user: GET, PUT, DELETE, restrict (%s)', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(() => t.close());

  const as = async (role: string) => {
    const session = await signIn(t.app, `${role}@example.org`);
    return { ...usersApi(t.app, session.token), id: session.user.id, token: session.token };
  };
  const audits = (action: string) => t.app.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

  describe('GET users/{id}', () => {
    it('shows admins anyone in the organisation with lock_reason, and Last Logged In only to directors', async () => {
      const staff = await as('staff');
      const director = await as('director');
      const admin = await as('admin');
      const byDirector = (await director.get(staff.id)).json().user;
      expect(byDirector).toMatchObject({ id: staff.id, email: 'staff@example.org', is_locked: false, lock_reason: null });
      expect(byDirector.last_logged_in).toEqual(expect.any(String));
      const byAdmin = await admin.get(staff.id);
      expect(byAdmin.statusCode).toBe(200);
      expect(byAdmin.json().user.last_logged_in).toBeNull();
      // Not even their own: Last Logged In is a director's view.
      expect((await staff.get(staff.id)).json().user.last_logged_in).toBeNull();
    });

    it("answers 404 for another user to staff, and for deleted, missing and other organisations' users to anyone", async () => {
      const staff = await as('staff');
      const director = await as('director');
      expect((await staff.get(director.id)).json()).toEqual(NOT_FOUND);
      const gone = await addUser(t.app, { email: 'gone@example.org', deleted_at: new Date().toISOString() });
      const outsider = await addUser(t.app, { email: 'outsider@example.org', organization_id: await addOrganization(t.app, 'Elsewhere') });
      for (const id of [gone.id, outsider.id, 999_999]) expect((await director.get(id)).statusCode).toBe(404);
    });
  });

  describe('PUT users', () => {
    it('lets a director change anything, trims values, updates modified_at, audits before/after and answers the user', async () => {
      const director = await as('director');
      const staffId = await userIdOf(t.app, 'staff@example.org');
      const before = (await director.get(staffId)).json().user;
      t.clock.advance(60_000);
      const response = await director.update({
        user_id: staffId,
        fullname: '  Neema  Mushi-Kweka ',
        department: 'finance',
        role: 'admin',
        system_role: 'petty_cash_custodian',
        phone_number: ' 0755000111 ',
        email: ' Neema@Example.org ',
      });
      expect(response.statusCode).toBe(200);
      const after = response.json().user;
      expect(after).toMatchObject({
        fullname: 'Neema Mushi-Kweka',
        department: 'finance',
        role: 'admin',
        system_role: 'petty_cash_custodian',
        phone_number: '+255755000111',
        // the e-mail waits for its confirmation (email-change.test.ts)
        email: 'staff@example.org',
      });
      expect(response.json().pending_email).toBe('neema@example.org');
      expect(after.modified_at > before.modified_at).toBe(true);
      expect((await director.get(staffId)).json().user).toEqual(after);
      const [audit] = await audits('update');
      expect(JSON.parse(audit.before_json!)).toEqual({
        fullname: 'Neema Mushi',
        department: 'engineering',
        phone_number: '0712345601',
        role: 'staff',
        system_role: 'staff',
      });
      expect(JSON.parse(audit.after_json!)).toMatchObject({ fullname: 'Neema Mushi-Kweka', system_role: 'petty_cash_custodian' });
    });

    it('lets an admin or the account holder change the phone, the holder ask for a new e-mail, and accepts the whole form with the same identity', async () => {
      const admin = await as('admin');
      const staff = await as('staff');
      const form = { fullname: 'Neema Mushi', department: 'engineering', role: 'staff', system_role: 'staff' };
      const own = await staff.update({ user_id: staff.id, ...form, phone_number: '0700000001' });
      expect(own.statusCode).toBe(200);
      expect(own.json().user.phone_number).toBe('+255700000001');
      const byAdmin = await admin.update({ user_id: staff.id, ...form, phone_number: '0700000002' });
      expect(byAdmin.statusCode).toBe(200);
      expect(byAdmin.json().user.phone_number).toBe('+255700000002');
      const email = await staff.update({ user_id: staff.id, ...form, email: 'neema.m@example.org' });
      expect(email.json()).toMatchObject({ user: { email: 'staff@example.org' }, pending_email: 'neema.m@example.org' });
    });

    it('refuses a non-director a different name, department, position or system role (403), and writes nothing', async () => {
      const admin = await as('admin');
      const staff = await as('staff');
      const before = await rowCounts(t.app);
      for (const change of [
        { fullname: 'Someone Else' },
        { department: 'it' },
        { role: 'admin' },
        { system_role: 'admin' },
        { role: 'director' },
        { system_role: 'director' },
      ]) {
        for (const caller of [admin, staff]) {
          const response = await caller.update({ user_id: staff.id, ...change });
          expect(response.statusCode).toBe(403);
          expect(response.json()).toEqual(IDENTITY);
        }
      }
      expect(await rowCounts(t.app)).toEqual(before);
    });

    it("answers 404 to staff for someone else's record", async () => {
      const staff = await as('staff');
      const response = await staff.update({ user_id: await userIdOf(t.app, 'staff2@example.org'), phone_number: '0700000001' });
      expect(response.json()).toEqual(NOT_FOUND);
    });

    it('refuses an e-mail in use (409) and malformed values (400)', async () => {
      const director = await as('director');
      const staffId = await userIdOf(t.app, 'staff@example.org');
      const taken = await director.update({ user_id: staffId, email: ' Staff2@example.org' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toEqual({ error: 'E-mail staff2@example.org is already in use', code: 'EMAIL_IN_USE' });
      for (const [change, error] of [
        [{ email: 'nope' }, 'E-mail nope is not a valid address'],
        [{ phone_number: '07123abc45' }, 'Phone number 07123abc45 is not a valid mobile number (e.g. 0712 345 678)'],
        [{ phone_number: '0222123456' }, 'Phone number 0222123456 is not a valid mobile number (e.g. 0712 345 678)'],
        [
          { phone_number: '2.55712E+11' },
          'Phone number 2.55712E+11 was damaged by a spreadsheet (saved as a number, its last digits are lost): type the full number',
        ],
        [{ department: 'all' }, 'Department "all" is not one of the departments'],
        [{ role: 'boss' }, 'Position "boss" is not one of staff, admin, director'],
        [{ system_role: 'emperor' }, 'System role "emperor" is not one of the system roles'],
        [{ fullname: '   ' }, 'Full name is required'],
      ] as const) {
        const response = await director.update({ user_id: staffId, ...change });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ error, code: 'BAD_REQUEST' });
      }
    });

    it('keeps the last director: no demotion of the only one, but a demotion once there are two', async () => {
      const director = await as('director');
      const demote = () => director.update({ user_id: director.id, system_role: 'finance_officer' });
      const refused = await demote();
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        error: 'The last director of the organisation cannot be given another system role',
        code: 'LAST_DIRECTOR',
      });
      // A deleted director does not count.
      await addUser(t.app, { email: 'old-director@example.org', system_role: 'director', deleted_at: new Date().toISOString() });
      expect((await demote()).statusCode).toBe(409);

      await addUser(t.app, { email: 'second-director@example.org', system_role: 'director' });
      const done = await demote();
      expect(done.statusCode).toBe(200);
      expect(done.json().user.system_role).toBe('finance_officer');
    });

    it('changes nothing (no audit, same modified_at) when every value is the same', async () => {
      const staff = await as('staff');
      const before = (await staff.get(staff.id)).json().user;
      t.clock.advance(60_000);
      const response = await staff.update({ user_id: staff.id, fullname: ' Neema Mushi ', email: 'STAFF@example.org' });
      expect(response.json().user.modified_at).toBe(before.modified_at);
      expect(await audits('update')).toHaveLength(0);
    });
  });

  describe('DELETE users/{userId}', () => {
    it('soft-deletes, ends the sessions, frees the e-mail and audits; directors only', async () => {
      const director = await as('director');
      const staff = await as('staff');
      const response = await director.remove(staff.id);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');

      const row = await t.app.db.selectFrom('users').selectAll().where('id', '=', staff.id).executeTakeFirstOrThrow();
      expect(row.deleted_at).toEqual(expect.any(String));
      expect(row.fullname).toBe('Neema Mushi');
      const validate = await t.app.inject({ method: 'GET', url: '/api/v1/users/validate-token', headers: authHeaders(staff.token) });
      expect(validate.statusCode).toBe(401);
      expect((await director.get(staff.id)).statusCode).toBe(404);
      expect((await director.remove(staff.id)).statusCode).toBe(404);
      const [audit] = await audits('delete');
      expect(audit).toMatchObject({ actor_id: director.id, entity_id: String(staff.id) });

      await addUser(t.app, { email: 'staff@example.org' });
    });

    it('refuses deleting yourself (409) and hides the call from non-directors (404)', async () => {
      const director = await as('director');
      const self = await director.remove(director.id);
      expect(self.statusCode).toBe(409);
      expect(self.json()).toEqual({ error: 'You cannot delete your own account', code: 'CONFLICT' });
      const staff2 = await userIdOf(t.app, 'staff2@example.org');
      for (const role of ['admin', 'finance_officer', 'executive_secretary', 'board_chairman']) {
        expect((await (await as(role)).remove(staff2)).json()).toEqual(NOT_FOUND);
      }
      expect((await director.remove(999_999)).statusCode).toBe(404);
    });

    it('deletes another director while one remains', async () => {
      const director = await as('director');
      const second = await addUser(t.app, { email: 'second-director@example.org', system_role: 'director' });
      expect((await director.remove(second.id)).statusCode).toBe(204);
    });
  });

  describe('POST users/restrict', () => {
    it('locks by hand (lock_reason manual) and unlocks, auditing both; the locked user sees it at once', async () => {
      const finance = await as('finance_officer');
      const staff = await as('staff');
      const locked = await finance.restrict({ user_id: staff.id, lock_status: true });
      expect(locked.statusCode).toBe(200);
      expect(locked.json().user).toMatchObject({ id: staff.id, is_locked: true, lock_reason: 'manual' });
      const me = await t.app.inject({ method: 'GET', url: '/api/v1/users/validate-token', headers: authHeaders(staff.token) });
      expect(me.json().user).toMatchObject({ is_locked: true, lock_reason: 'manual' });

      const unlocked = await finance.restrict({ user_id: staff.id, lock_status: false });
      expect(unlocked.json().user).toMatchObject({ is_locked: false, lock_reason: null });
      expect((await audits('lock')).map((a) => JSON.parse(a.after_json!))).toEqual([{ is_locked: true, lock_reason: 'manual' }]);
      expect((await audits('unlock')).map((a) => JSON.parse(a.before_json!))).toEqual([{ is_locked: true, lock_reason: 'manual' }]);
    });

    it('turns an overdue lock into a manual one, and lifts either by hand', async () => {
      const finance = await as('executive_secretary');
      const overdue = await addUser(t.app, { email: 'late@example.org', is_locked: 1, lock_reason: 'overdue' });
      expect((await finance.restrict({ user_id: overdue.id, lock_status: true })).json().user.lock_reason).toBe('manual');
      expect((await finance.restrict({ user_id: overdue.id, lock_status: false })).json().user).toMatchObject({
        is_locked: false,
        lock_reason: null,
      });
    });

    it('refuses your own account (409) and hides the call without finance permission (404)', async () => {
      const director = await as('director');
      const self = await director.restrict({ user_id: director.id, lock_status: true });
      expect(self.statusCode).toBe(409);
      expect(self.json()).toEqual({ error: 'You cannot lock or unlock your own account', code: 'CONFLICT' });
      const staff2 = await userIdOf(t.app, 'staff2@example.org');
      for (const role of ['staff', 'admin', 'petty_cash_custodian', 'stem_park_manager', 'board_chairman']) {
        expect((await (await as(role)).restrict({ user_id: staff2, lock_status: true })).json()).toEqual(NOT_FOUND);
      }
      expect((await director.restrict({ user_id: 999_999, lock_status: true })).statusCode).toBe(404);
    });
  });
});
