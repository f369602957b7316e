import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { signIn } from '../../../test-support/http';
import { readMailFolder, resetLinkIn } from '../../../test-support/mail';
import { usersApi } from '../../../test-support/users';

const LAST_DEMOTE = { error: 'The last director of the organisation cannot be given another system role', code: 'LAST_DIRECTOR' };

const invitedDirector = {
  fullname: 'Invited Director',
  department: 'finance',
  phone_number: '0712000099',
  email: 'invited-director@example.org',
  role: 'admin',
  system_role: 'director',
};

/** The last-director guard counts only directors who can sign in. */
describe.each(DIALECTS)('the last director (%s)', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(() => t.close());

  async function invite() {
    const director = await signIn(t.app, 'director@example.org');
    const api = usersApi(t.app, director.token);
    const created = await api.create([invitedDirector]);
    expect(created.statusCode).toBe(201);
    return { api, director, invitedId: created.json().users[0].id as number };
  }

  it('does not count an invited director who never set a password', async () => {
    const { api, director } = await invite();
    const demote = await api.update({ user_id: director.user.id, system_role: 'finance_officer' });
    expect(demote.json()).toEqual(LAST_DEMOTE);
    const row = await t.app.db.selectFrom('users').select('system_role').where('id', '=', director.user.id).executeTakeFirstOrThrow();
    expect(row.system_role).toBe('director');
  });

  it('keeps the last director who can sign in once another is deleted, though an invited one is pending', async () => {
    const { director } = await invite();
    // A second director who can sign in, to act on the first.
    await t.app.db.updateTable('users').set({ system_role: 'director' }).where('email', '=', 'finance_officer@example.org').execute();
    const second = usersApi(t.app, (await signIn(t.app, 'finance_officer@example.org')).token);
    const secondId = (await signIn(t.app, 'finance_officer@example.org')).user.id;
    expect((await second.remove(director.user.id)).statusCode).toBe(204);
    // Now the second is the only director who can sign in; the invited one does not count.
    const refused = await usersApi(t.app, (await signIn(t.app, 'finance_officer@example.org')).token).update({
      user_id: secondId,
      system_role: 'staff',
    });
    expect(refused.json()).toEqual(LAST_DEMOTE);
  });

  it('still lets the last director remove or demote an invited director', async () => {
    const { api, invitedId } = await invite();
    expect((await api.update({ user_id: invitedId, system_role: 'staff' })).statusCode).toBe(200);
    await api.update({ user_id: invitedId, system_role: 'director' });
    expect((await api.remove(invitedId)).statusCode).toBe(204);
  });

  it('counts the invited director once they have set their password', async () => {
    const { api, director } = await invite();
    await t.app.outbox.runOnce();
    const mail = (await readMailFolder(t.dataDir)).find((m) => m.to === invitedDirector.email)!;
    const token = resetLinkIn(mail.body).searchParams.get('token');
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/v1/forgot-password/validate',
      payload: { token, email: invitedDirector.email, password: 'my-own-secret-1' },
    });
    expect(accepted.statusCode).toBe(200);

    const demote = await api.update({ user_id: director.user.id, system_role: 'finance_officer' });
    expect(demote.statusCode).toBe(200);
    expect(demote.json().user.system_role).toBe('finance_officer');
  });
});
