import { createTestApp, DIALECTS, type TestApp } from '../../test-support/app';
import { authHeaders, signIn } from '../../test-support/http';
import { requestBody, requestsApi } from '../../test-support/requests';
import { collect, nextEvent, pause, socketClients, socketSetup, type SocketClients } from '../../test-support/sockets';
import { addOrganization, addUser, userIdOf, usersApi } from '../../test-support/users';

describe.each(DIALECTS)('realtime (%s)', (dialect) => {
  let t: TestApp, clients: SocketClients;
  socketSetup(dialect, (setup) => ({ t, clients } = setup));

  const connect = (options: Record<string, unknown>) => clients.connect(options);
  const joined = (email: string) => clients.joined(email);

  it("tells the organisation's apps within 2 s when a user is restricted, after the change is stored", async () => {
    const staff = await joined('staff@example.org');
    const finance = usersApi(t.app, (await signIn(t.app, 'finance_officer@example.org')).token);
    // Read the moment the event arrives: the change must already be committed.
    const storedWhenTold = new Promise<{ user_id: number; is_locked: number }>((resolve) => {
      staff.socket.once('update_user', (async (payload: { user_id: number }) => {
        const row = await t.app.db.selectFrom('users').select('is_locked').where('id', '=', payload.user_id).executeTakeFirstOrThrow();
        resolve({ ...payload, is_locked: row.is_locked });
      }) as (...args: never[]) => void);
    });
    const started = Date.now();
    const response = await finance.restrict({ user_id: staff.user.id, lock_status: true });
    expect(response.statusCode).toBe(200);
    expect(await storedWhenTold).toEqual({ user_id: staff.user.id, is_locked: 1 });
    expect(Date.now() - started).toBeLessThan(2000);

    const unlocked = nextEvent<{ user_id: number }>(staff.socket, 'update_user');
    await finance.restrict({ user_id: staff.user.id, lock_status: false });
    expect(await unlocked).toEqual({ user_id: staff.user.id });
  });

  it('answers a join with the signed-in user as validate-token gives them, a change made before it included', async () => {
    const { token, user } = await signIn(t.app, 'staff@example.org');
    const socket = connect({ auth: { token } });
    await nextEvent(socket, 'connect');
    // locked after the page read its user and before its connection joined: the event went unheard
    const finance = usersApi(t.app, (await signIn(t.app, 'finance_officer@example.org')).token);
    expect((await finance.restrict({ user_id: user.id, lock_status: true })).statusCode).toBe(200);
    const answer = (await socket.timeout(2000).emitWithAck('join', { room: String(user.organization_id) })) as {
      room: string;
      user: { id: number; is_locked: boolean };
    };
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/users/validate-token', headers: authHeaders(token) });
    expect(answer).toEqual({ room: String(user.organization_id), user: me.json().user });
    expect(answer.user).toMatchObject({ id: user.id, is_locked: true });
    await finance.restrict({ user_id: user.id, lock_status: false });
  });

  it('tells of updates and settings changes, and nothing for refused or empty changes', async () => {
    const watcher = await joined('admin@example.org');
    const heard = collect(watcher.socket);
    const director = usersApi(t.app, (await signIn(t.app, 'director@example.org')).token);
    const staff2 = await userIdOf(t.app, 'staff2@example.org');

    await director.update({ user_id: staff2, phone_number: '0700000002' });
    await director.update({ user_id: staff2, phone_number: '0700000002' }); // the same value: no change
    expect((await director.update({ user_id: staff2, email: 'staff@example.org' })).statusCode).toBe(409);
    const staff2Session = await signIn(t.app, 'staff2@example.org');
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/settings',
      headers: { authorization: `Bearer ${staff2Session.token}` },
      payload: { user_id: staff2, settings: '{"mute_notification":true}' },
    });
    await pause(300);
    expect(heard).toEqual([{ user_id: staff2 }, { user_id: staff2 }]);
  });

  it('tells of a submitted and a reviewed request with update_request, after the change is stored', async () => {
    const watcher = await joined('finance_officer@example.org');
    const staff = requestsApi(t.app, (await signIn(t.app, 'staff@example.org')).token);
    const submitted = new Promise<{ request_id: number; stored: number }>((resolve) => {
      watcher.socket.once('update_request', (async (payload: { request_id: number }) => {
        const rows = await t.app.db.selectFrom('requests').select('id').where('id', '=', payload.request_id).execute();
        resolve({ ...payload, stored: rows.length });
      }) as (...args: never[]) => void);
    });
    const data = (await staff.create(requestBody({ amount_requested: 10 }))).json().data;
    expect(await submitted).toEqual({ request_id: data.id, stored: 1 });
    const reviewed = nextEvent<{ request_id: number }>(watcher.socket, 'update_request');
    await requestsApi(t.app, watcher.token).review({ request_id: data.id, review_id: data.reviews[0].id, status: 'approved' });
    expect(await reviewed).toEqual({ request_id: data.id });
  });

  it("tells of a deletion and closes the deleted user's own connection", async () => {
    const victim = await addUser(t.app, { email: 'leaving@example.org' });
    const theirs = await joined('leaving@example.org');
    const watcher = await joined('admin@example.org');
    const director = usersApi(t.app, (await signIn(t.app, 'director@example.org')).token);
    const seen = nextEvent<{ user_id: number }>(watcher.socket, 'update_user');
    const told = nextEvent<{ user_id: number }>(theirs.socket, 'update_user');
    const closed = nextEvent<string>(theirs.socket, 'disconnect');
    expect((await director.remove(victim.id)).statusCode).toBe(204);
    expect(await seen).toEqual({ user_id: victim.id });
    expect(await told).toEqual({ user_id: victim.id });
    expect(await closed).toBe('io server disconnect');
    expect(watcher.socket.connected).toBe(true);

    // The revoked session cannot come back.
    const again = connect({ auth: { token: theirs.token } });
    expect((await nextEvent<Error>(again, 'connect_error')).message).toBe('Not signed in or the session has expired');
  });

  it("refuses to join another organisation's room, and events of that organisation never arrive", async () => {
    const other = await addOrganization(t.app, 'Elsewhere');
    const outsider = await addUser(t.app, { email: 'outsider@example.org', organization_id: other });
    const { token } = await signIn(t.app, 'staff@example.org');
    const socket = connect({ auth: { token } });
    await nextEvent(socket, 'connect');
    const heard = collect(socket);
    const error = nextEvent(socket, 'error_message');
    const answer = await socket.timeout(2000).emitWithAck('join', { room: String(other) });
    const refusal = { error: "You can only join your own organisation's room", code: 'NOT_FOUND' };
    expect(answer).toEqual(refusal);
    expect(await error).toEqual(refusal);
    for (const payload of [{}, null, 'room', { room: { $ne: 1 } }, { room: '1 ' }]) {
      expect(await socket.timeout(2000).emitWithAck('join', payload)).toEqual(refusal);
    }

    const outsiderApi = usersApi(t.app, (await signIn(t.app, 'outsider@example.org')).token);
    await outsiderApi.update({ user_id: outsider.id, phone_number: '0700000003' });
    await pause(300);
    expect(heard).toEqual([]);
    expect(socket.connected).toBe(true);
  });

  it('refuses a connection without a token or with a bad one', async () => {
    for (const options of [{}, { auth: { token: 'v1.forged.1.99999999999999.c2lnbmF0dXJl' } }, { auth: { token: 42 } }]) {
      const socket = connect(options);
      const error = await nextEvent<Error & { data?: unknown }>(socket, 'connect_error');
      expect(error.message).toBe('Not signed in or the session has expired');
      expect(error.data).toEqual({ code: 'UNAUTHENTICATED' });
      expect(socket.connected).toBe(false);
    }
  });

  it('takes the token from the query or the token header too, and upgrades to websocket', async () => {
    const { token } = await signIn(t.app, 'staff@example.org');
    const byQuery = connect({ query: { token } });
    await nextEvent(byQuery, 'connect');
    const byHeader = connect({ extraHeaders: { token } });
    await nextEvent(byHeader, 'connect');
    for (let i = 0; i < 40 && byQuery.io.engine.transport.name !== 'websocket'; i++) await pause(50);
    expect(byQuery.io.engine.transport.name).toBe('websocket');
  });

  it('closes open connections when the app closes', async () => {
    const own = await createTestApp(dialect);
    const ownClients = await socketClients(own);
    const { token } = await signIn(own.app, 'staff@example.org');
    const socket = ownClients.connect({ auth: { token } });
    await nextEvent(socket, 'connect');
    const closed = nextEvent(socket, 'disconnect');
    await own.close();
    await closed;
    ownClients.closeAll();
  });
});
