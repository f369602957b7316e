import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { authHeaders, signIn } from '../../../test-support/http';

/** Sign out everywhere (Settings): a lost phone's session ends from the computer at hand. */
describe.each(DIALECTS)('sign out everywhere (%s)', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(() => t.close());

  const whoAmI = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/users/validate-token', headers: authHeaders(token) });
  const everywhere = (headers: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/v1/users/logout-everywhere', headers });

  it("ends every session of the caller — another device's token stops working — and no one else's", async () => {
    const computer = await signIn(t.app, 'director@example.org');
    const phone = await signIn(t.app, 'director@example.org');
    const colleague = await signIn(t.app, 'admin@example.org');
    expect((await whoAmI(phone.token)).statusCode).toBe(200);

    const answer = await everywhere(authHeaders(computer.token));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ sessions_ended: 2 });

    expect((await whoAmI(phone.token)).json()).toEqual({ error: 'Not signed in or the session has expired', code: 'UNAUTHENTICATED' });
    expect((await whoAmI(computer.token)).statusCode).toBe(401);
    expect((await whoAmI(colleague.token)).statusCode).toBe(200);
    // signing in again works, and that new session is not touched by the earlier call
    const again = await signIn(t.app, 'director@example.org');
    expect((await whoAmI(again.token)).statusCode).toBe(200);
  });

  it('refuses without a session, and with one already ended', async () => {
    expect((await everywhere({})).statusCode).toBe(401);
    const { token } = await signIn(t.app, 'staff@example.org');
    expect((await everywhere(authHeaders(token))).statusCode).toBe(200);
    expect((await everywhere(authHeaders(token))).json()).toEqual({
      error: 'Not signed in or the session has expired',
      code: 'UNAUTHENTICATED',
    });
  });
});
