import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { authHeaders, signIn } from '../../../test-support/http';
import { addUser, userIdOf, usersApi } from '../../../test-support/users';

/** A token carries no rights of its own: every call re-reads the caller (docs/architecture.md §Server "Auth"). */
describe.each(DIALECTS)('rights follow the account, not the token (%s)', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(() => t.close());

  const validate = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/users/validate-token', headers: authHeaders(token) });

  it('a director demoted to staff loses the Users section at once, with the same token', async () => {
    await addUser(t.app, { email: 'second-director@example.org', system_role: 'director' });
    const first = await signIn(t.app, 'director@example.org');
    const second = await signIn(t.app, 'second-director@example.org');
    const firstApi = usersApi(t.app, first.token);
    expect((await firstApi.list('all', 'director')).statusCode).toBe(200);

    const demoted = await usersApi(t.app, second.token).update({ user_id: first.user.id, system_role: 'staff', role: 'staff' });
    expect(demoted.statusCode).toBe(200);

    expect((await firstApi.list('all', 'director')).statusCode).toBe(404);
    expect((await firstApi.list('all', 'staff')).statusCode).toBe(404);
    expect((await firstApi.remove(await userIdOf(t.app, 'staff@example.org'))).statusCode).toBe(404);
    expect((await firstApi.get(second.user.id)).statusCode).toBe(404);
    expect((await validate(first.token)).json().user.system_role).toBe('staff');
  });

  it('a staff member made admin gains the Users section at once, and an admin mode list with the old role is refused', async () => {
    const staff = await signIn(t.app, 'staff@example.org');
    const api = usersApi(t.app, staff.token);
    expect((await api.list('all', 'staff')).statusCode).toBe(404);
    const director = usersApi(t.app, (await signIn(t.app, 'director@example.org')).token);
    await director.update({ user_id: staff.user.id, system_role: 'finance_officer' });
    expect((await api.list('all', 'finance_officer')).statusCode).toBe(200);
    expect((await api.list('all', 'staff')).statusCode).toBe(400);
  });

  it("a deleted user's token gets 401 everywhere", async () => {
    const admin = await signIn(t.app, 'admin@example.org');
    const director = usersApi(t.app, (await signIn(t.app, 'director@example.org')).token);
    expect((await director.remove(admin.user.id)).statusCode).toBe(204);
    const api = usersApi(t.app, admin.token);
    for (const response of [
      await validate(admin.token),
      await api.list('all', 'admin'),
      await api.get(admin.user.id),
      await api.update({ user_id: admin.user.id, phone_number: '0700000000' }),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('UNAUTHENTICATED');
    }
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/authenticate',
      payload: { email: 'admin@example.org', password: 'demo-pass-2026' },
    });
    expect(again.statusCode).toBe(401);
  });

  it('a locked finance officer keeps their token but it says locked at once', async () => {
    const finance = await signIn(t.app, 'finance_officer@example.org');
    const director = usersApi(t.app, (await signIn(t.app, 'director@example.org')).token);
    await director.restrict({ user_id: finance.user.id, lock_status: true });
    expect((await validate(finance.token)).json().user).toMatchObject({ is_locked: true, lock_reason: 'manual' });
  });

  it('of two directors demoting each other at the same moment, one stays a director', async () => {
    await addUser(t.app, { email: 'second-director@example.org', system_role: 'director' });
    const first = await signIn(t.app, 'director@example.org');
    const second = await signIn(t.app, 'second-director@example.org');
    const results = await Promise.all([
      usersApi(t.app, first.token).update({ user_id: first.user.id, system_role: 'admin' }),
      usersApi(t.app, second.token).update({ user_id: second.user.id, system_role: 'admin' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const directors = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('system_role', '=', 'director')
      .where('deleted_at', 'is', null)
      .execute();
    expect(directors).toHaveLength(1);
  });
});
