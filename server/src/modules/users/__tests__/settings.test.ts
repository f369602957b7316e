import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { authHeaders, signIn } from '../../../test-support/http';

describe.each(DIALECTS)('PUT users/settings (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const put = (token: string | null, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/v1/users/settings', headers: token ? authHeaders(token) : {}, payload });

  it('changes the caller’s own settings, answers the updated user and audits the change', async () => {
    const { token, user } = await signIn(t.app, 'staff@example.org');
    expect(JSON.parse(user.settings)).toEqual({ mute_notification: false });
    const before = t.clock().getTime();

    const response = await put(token, { user_id: user.id, settings: JSON.stringify({ mute_notification: true }) });
    expect(response.statusCode).toBe(200);
    const updated = response.json().user;
    expect(updated).toMatchObject({ id: user.id, settings: '{"mute_notification":true}' });
    expect(Date.parse(updated.modified_at)).toBeGreaterThanOrEqual(before);

    const validate = await t.app.inject({ method: 'GET', url: '/api/v1/users/validate-token', headers: authHeaders(token) });
    expect(validate.json().user.settings).toBe('{"mute_notification":true}');

    const audit = await t.app.db.selectFrom('audit_log').selectAll().where('action', '=', 'settings_update').execute();
    expect(audit).toEqual([
      expect.objectContaining({
        actor_id: user.id,
        entity: 'user',
        entity_id: String(user.id),
        before_json: JSON.stringify({ settings: '{"mute_notification":false}' }),
        after_json: JSON.stringify({ settings: '{"mute_notification":true}' }),
      }),
    ]);

    // The object form is accepted too.
    const back = await put(token, { user_id: user.id, settings: { mute_notification: false } });
    expect(back.json().user.settings).toBe('{"mute_notification":false}');
  });

  it("answers 404 for someone else's settings, even for a director", async () => {
    const staff = await signIn(t.app, 'staff2@example.org');
    const director = await signIn(t.app, 'director@example.org');
    for (const [token, target] of [
      [staff.token, director.user.id],
      [director.token, staff.user.id],
      [director.token, 999_999],
    ] as const) {
      const response = await put(token, { user_id: target, settings: '{"mute_notification":true}' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
    }
    const row = await t.app.db.selectFrom('users').select('settings').where('id', '=', director.user.id).executeTakeFirstOrThrow();
    expect(row.settings).toBe('{"mute_notification":false}');
  });

  it('answers 401 without a token', async () => {
    const response = await put(null, { user_id: 1, settings: '{"mute_notification":true}' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('UNAUTHENTICATED');
  });

  it('answers 400 to settings that are not {mute_notification: boolean}', async () => {
    const { token, user } = await signIn(t.app, 'finance_officer@example.org');
    for (const settings of ['not json', '[]', 'null', '{"mute_notification":"yes"}', '{"mute_notification":true,"x":1}', '{}']) {
      const response = await put(token, { user_id: user.id, settings });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('BAD_REQUEST');
    }
    expect((await put(token, { user_id: user.id, settings: { mute_notification: 'yes' } })).statusCode).toBe(400);
  });
});
