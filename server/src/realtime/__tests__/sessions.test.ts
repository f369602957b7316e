import { DIALECTS, type TestApp } from '../../test-support/app';
import { authHeaders, signIn } from '../../test-support/http';
import { readMailFolder, resetLinkIn } from '../../test-support/mail';
import { requestBody, requestsApi } from '../../test-support/requests';
import { collect, nextEvent, pause, socketSetup, type ClientSocket, type SocketClients } from '../../test-support/sockets';
import { addUser } from '../../test-support/users';

const UNAUTHENTICATED = { error: 'Not signed in or the session has expired', code: 'UNAUTHENTICATED' };

/** Resolves with what the server said and why the socket closed, once the server closes it. */
function endOf(socket: ClientSocket, ms = 2000) {
  const told = nextEvent<unknown>(socket, 'error_message', ms);
  const closed = nextEvent<string>(socket, 'disconnect', ms);
  return Promise.all([told, closed]).then(([message, reason]) => ({ message, reason }));
}

/** A socket lives no longer than its session, and update_request reaches only who may see the request. */
describe.each(DIALECTS)('sockets end with their session (%s)', (dialect) => {
  let t: TestApp, clients: SocketClients;
  socketSetup(dialect, (setup) => ({ t, clients } = setup));

  it("closes a session's sockets at sign-out, and only that session's", async () => {
    const signedOut = await clients.joined('staff@example.org');
    const otherDevice = await clients.joined('staff@example.org');
    const ended = endOf(signedOut.socket);
    const logout = await t.app.inject({ method: 'POST', url: '/api/v1/users/logout', headers: authHeaders(signedOut.token) });
    expect(logout.statusCode).toBe(204);
    expect(await ended).toEqual({ message: UNAUTHENTICATED, reason: 'io server disconnect' });
    await pause(200);
    expect(otherDevice.socket.connected).toBe(true);
  });

  it('closes sockets whose session expired at the next sweep, and keeps live ones', async () => {
    const expiring = await clients.joined('staff@example.org');
    expect(await t.app.realtime.sweep()).toBe(0);
    t.clock.advance(t.config.tokenTtlHours * 60 * 60 * 1000 + 1000);
    const fresh = await clients.joined('staff2@example.org');
    const ended = endOf(expiring.socket);
    expect(await t.app.realtime.sweep()).toBe(1);
    expect(await ended).toEqual({ message: UNAUTHENTICATED, reason: 'io server disconnect' });
    expect(fresh.socket.connected).toBe(true);
  });

  it('closes the sockets of sessions revoked by a password reset', async () => {
    const email = 'resetting@example.org';
    await addUser(t.app, { email });
    const before = await clients.joined(email);
    await t.app.inject({ method: 'POST', url: '/api/v1/forgot-password', payload: { email } });
    // The reset mail goes out from the queue; wait for it rather than for a fixed time.
    let link: URL | undefined;
    for (let i = 0; i < 50 && !link; i++) {
      await t.app.outbox.runOnce();
      const mail = (await readMailFolder(t.dataDir)).find((m) => m.to === email);
      link = mail && resetLinkIn(mail.body);
      if (!link) await pause(50);
    }
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/forgot-password/validate',
      payload: { token: link!.searchParams.get('token'), email, password: 'a-new-secret-17' },
    });
    expect(reset.statusCode).toBe(200);
    const ended = endOf(before.socket);
    await t.app.realtime.sweep();
    expect(await ended).toEqual({ message: UNAUTHENTICATED, reason: 'io server disconnect' });
  });

  it('sends update_request only to users who may see the request', async () => {
    // Band B (a small amount): finance_officer then executive_secretary review it.
    const names = ['staff', 'staff2', 'finance_officer', 'executive_secretary', 'director', 'admin'] as const;
    const sockets = Object.fromEntries(await Promise.all(names.map(async (n) => [n, await clients.joined(`${n}@example.org`)] as const)));
    const heard = Object.fromEntries(names.map((n) => [n, collect<{ request_id: number }>(sockets[n].socket, 'update_request')]));
    // A socket that never joined its organisation's room hears nothing either.
    const unjoined = clients.connect({ auth: { token: (await signIn(t.app, 'finance_officer@example.org')).token } });
    await nextEvent(unjoined, 'connect');
    const unjoinedHeard = collect(unjoined, 'update_request');

    const created = await requestsApi(t.app, sockets.staff.token).create(requestBody({ amount_requested: 10 }));
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as number;
    const chain = (created.json().data.reviews as Array<{ reviewer_role: string }>).map((r) => r.reviewer_role);
    expect(chain).toEqual(['finance_officer', 'executive_secretary']);
    await nextEvent(sockets.staff.socket, 'update_request');
    await pause(300);

    const who = names.filter((n) => heard[n].length > 0);
    // The owner, the chain's roles and finance users (docs/product-rules.md §Roles), exactly those whose detail call answers.
    const maySee = (
      await Promise.all(names.map(async (n) => [n, (await requestsApi(t.app, sockets[n].token).get(id)).statusCode === 200] as const))
    )
      .filter(([, ok]) => ok)
      .map(([n]) => n);
    expect(who).toEqual(maySee);
    expect(who).toEqual(expect.arrayContaining(['staff', 'finance_officer', 'executive_secretary']));
    // Once the whole organisation heard it: someone must be left out for the test to mean anything.
    expect(names.filter((n) => !who.includes(n))).toEqual(expect.arrayContaining(['staff2', 'admin']));
    for (const n of who) expect(heard[n]).toEqual([{ request_id: id }]);
    expect(unjoinedHeard).toEqual([]);
  });
});
