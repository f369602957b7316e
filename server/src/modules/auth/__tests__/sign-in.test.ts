import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { authHeaders, signIn } from '../../../test-support/http';
import { addUser } from '../../../test-support/users';

describe.each(DIALECTS)('sign-in and tokens (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const validate = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/v1/users/validate-token', headers });

  it('signs in the demo director and the token works on validate-token', async () => {
    const before = Date.now();
    const { token, user } = await signIn(t.app, 'Director@Example.org ');
    expect(user).toMatchObject({ email: 'director@example.org', system_role: 'director', is_locked: false });
    expect(user).not.toHaveProperty('password_hash');
    expect(Date.parse(user.last_logged_in!)).toBeGreaterThanOrEqual(before - 1000);

    const response = await validate(authHeaders(token));
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ id: user.id, last_logged_in: user.last_logged_in });
    // the organisation's calendar travels with the session: every app counts its days in it
    expect(response.json().organization).toEqual({ id: user.organization_id, name: 'Imprest Demo', time_zone: 'Africa/Dar_es_Salaam' });
    // Either header alone is enough.
    expect((await validate({ authorization: `Bearer ${token}` })).statusCode).toBe(200);
    expect((await validate({ token })).statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown e-mail identically', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/authenticate',
      payload: { email: 'director@example.org', password: 'not-the-password' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/authenticate',
      payload: { email: 'nobody@example.org', password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'Invalid credentials', code: 'INVALID_CREDENTIALS' });
    expect(unknown.body).toBe(wrong.body);
  });

  it('refuses users without a password and deleted users', async () => {
    await addUser(t.app, { fullname: 'Invited Person', email: 'invited@example.org', password_hash: null });
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/authenticate',
      payload: { email: 'invited@example.org', password: 'anything-at-all' },
    });
    expect(invited.statusCode).toBe(401);
    expect(invited.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('rejects missing, garbage, tampered, expired and revoked tokens with 401', async () => {
    const { token } = await signIn(t.app, 'staff@example.org');
    const unauthenticated = { code: 'UNAUTHENTICATED' };
    expect((await validate({})).json()).toMatchObject(unauthenticated);
    for (const bad of ['garbage', 'v1.a.b.c.d', `${token.slice(0, -2)}xx`, token.replace('.', '.x')]) {
      const response = await validate(authHeaders(bad));
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject(unauthenticated);
    }
    expect((await validate({ authorization: `Basic ${token}` })).statusCode).toBe(401);

    t.clock.advance(13 * 60 * 60 * 1000); // TOKEN_TTL_HOURS defaults to 12
    expect((await validate(authHeaders(token))).statusCode).toBe(401);
    t.clock.advance(-13 * 60 * 60 * 1000);
    expect((await validate(authHeaders(token))).statusCode).toBe(200);

    const logout = await t.app.inject({ method: 'POST', url: '/api/v1/users/logout', headers: authHeaders(token) });
    expect(logout.statusCode).toBe(204);
    expect((await validate(authHeaders(token))).statusCode).toBe(401);
  });

  it('rejects a token whose two headers disagree', async () => {
    const a = await signIn(t.app, 'staff@example.org');
    const b = await signIn(t.app, 'staff2@example.org');
    const response = await validate({ authorization: `Bearer ${a.token}`, token: b.token });
    expect(response.statusCode).toBe(401);
  });

  it("re-reads the user on every call: a deleted user's token stops working, a role change shows at once", async () => {
    const { token, user } = await signIn(t.app, 'staff2@example.org');
    await t.app.db.updateTable('users').set({ system_role: 'finance_officer', is_locked: 1 }).where('id', '=', user.id).execute();
    const changed = await validate(authHeaders(token));
    expect(changed.json().user).toMatchObject({ system_role: 'finance_officer', is_locked: true });

    await t.app.db.updateTable('users').set({ deleted_at: new Date().toISOString() }).where('id', '=', user.id).execute();
    expect((await validate(authHeaders(token))).statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/authenticate',
      payload: { email: 'staff2@example.org', password: 'demo-pass-2026' },
    });
    expect(again.statusCode).toBe(401);
  });

  it('lets a locked user sign in (the lock only blocks new requests)', async () => {
    await t.app.db.updateTable('users').set({ is_locked: 1, lock_reason: 'manual' }).where('email', '=', 'admin@example.org').execute();
    const { user } = await signIn(t.app, 'admin@example.org');
    expect(user).toMatchObject({ is_locked: true });
  });
});
