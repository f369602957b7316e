import { SYSTEM_ROLES, hasAdminPermission, hasSuperAdminPermission } from '@imprest/domain';
import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { authHeaders, signIn } from '../../../test-support/http';
import { lastMailId, mailsSince } from '../../../test-support/requests';
import { rowCounts, userIdOf, usersApi } from '../../../test-support/users';

const EMAIL_DIRECTORS_ONLY = { error: "Only directors can change another user's e-mail address", code: 'FORBIDDEN' };
const LINK_INVALID = { error: 'This confirmation link is invalid, was replaced by a newer one, or has expired', code: 'BAD_REQUEST' };
const ATTACKER = 'attacker@evil.example';
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The e-mail is the sign-in identity, changed only by its holder or a director, and only once confirmed. */
describe.each(DIALECTS)('changing an e-mail address (%s)', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(() => t.close());

  const as = async (email: string) => {
    const session = await signIn(t.app, email);
    return { ...usersApi(t.app, session.token), id: session.user.id, token: session.token };
  };
  const confirm = (token: string) => t.app.inject({ method: 'POST', url: '/api/v1/users/confirm-email', payload: { token } });
  const validate = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/users/validate-token', headers: authHeaders(token) });
  const tryPassword = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/users/authenticate', payload: { email, password: 'demo-pass-2026' } });
  const tokenIn = (text: string) => /confirm-email\?token=([\w-]+)/.exec(text)?.[1];
  const emailOf = async (id: number) =>
    (await t.app.db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow()).email;

  it.each(SYSTEM_ROLES.filter((role) => hasAdminPermission({ system_role: role }) && !hasSuperAdminPermission({ system_role: role })))(
    'refuses %s the takeover chain: no new e-mail for a director, no reset link to the attacker, no sign-in',
    async (role) => {
      const attacker = await as(`${role}@example.org`);
      const directorId = await userIdOf(t.app, 'director@example.org');
      const before = await rowCounts(t.app, ['email_changes', 'outbox', 'audit_log', 'password_resets']);
      const response = await attacker.update({ user_id: directorId, email: ATTACKER });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(EMAIL_DIRECTORS_ONLY);
      expect(await emailOf(directorId)).toBe('director@example.org');
      expect(await rowCounts(t.app, ['email_changes', 'outbox', 'audit_log', 'password_resets'])).toEqual(before);
      // The next steps of the chain: a reset to the attacker's address reaches nobody.
      await t.app.inject({ method: 'POST', url: '/api/v1/forgot-password', payload: { email: ATTACKER } });
      await wait(150);
      expect((await mailsSince(t.app)).filter((m) => m.to_address === ATTACKER)).toEqual([]);
      expect((await tryPassword(ATTACKER)).statusCode).toBe(401);
      // Nor may they change another staff member's (only the holder or a director).
      const staffId = await userIdOf(t.app, 'staff@example.org');
      expect((await attacker.update({ user_id: staffId, email: ATTACKER })).json()).toEqual(EMAIL_DIRECTORS_ONLY);
    },
  );

  it("lets a director ask for another user's new e-mail: the old one stays in force and is told, the new one gets a link", async () => {
    const director = await as('director@example.org');
    const staff = await as('staff@example.org');
    const mark = await lastMailId(t.app);
    const response = await director.update({ user_id: staff.id, email: ' Neema.New@Example.org ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user: { id: staff.id, email: 'staff@example.org' }, pending_email: 'neema.new@example.org' });
    expect(await emailOf(staff.id)).toBe('staff@example.org');
    const mails = await mailsSince(t.app, mark);
    expect(mails.map((m) => [m.to_address, m.subject])).toEqual([
      ['neema.new@example.org', 'Confirm your new Imprest e-mail address'],
      ['staff@example.org', 'Your Imprest e-mail address is being changed'],
    ]);
    expect(mails[1].text_body).toContain('Amina Kessy (director) asked to change');
    expect(mails[1].text_body).not.toMatch(/token=/);
    // Until confirmed: the old address signs in, the new one does not, sessions go on.
    expect((await tryPassword('staff@example.org')).statusCode).toBe(200);
    expect((await tryPassword('neema.new@example.org')).statusCode).toBe(401);
    expect((await validate(staff.token)).statusCode).toBe(200);

    const token = tokenIn(mails[0].text_body)!;
    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ email: 'neema.new@example.org' });
    expect(await emailOf(staff.id)).toBe('neema.new@example.org');
    // Sessions are not handed to the new address silently: every one ends.
    expect((await validate(staff.token)).statusCode).toBe(401);
    expect((await tryPassword('staff@example.org')).statusCode).toBe(401);
    expect((await tryPassword('neema.new@example.org')).statusCode).toBe(200);
    const after = await mailsSince(t.app, mails[1].id);
    expect(after.map((m) => [m.to_address, m.subject])).toEqual([['staff@example.org', 'Your Imprest e-mail address was changed']]);
    // Single use.
    expect((await confirm(token)).json()).toEqual(LINK_INVALID);
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('entity', '=', 'user')
      .where('entity_id', '=', String(staff.id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['email_change_requested', 'email_change_confirmed']);
  });

  it('lets the holder change their own e-mail the same way; a newer request replaces the older link; links expire after 24 hours', async () => {
    const staff = await as('staff@example.org');
    const mark = await lastMailId(t.app);
    expect((await staff.update({ user_id: staff.id, email: 'first@example.org' })).json().pending_email).toBe('first@example.org');
    expect((await staff.update({ user_id: staff.id, email: 'second@example.org' })).json().pending_email).toBe('second@example.org');
    const links = (await mailsSince(t.app, mark)).filter((m) => m.subject.startsWith('Confirm')).map((m) => tokenIn(m.text_body)!);
    expect(links).toHaveLength(2);
    expect((await confirm(links[0])).json()).toEqual(LINK_INVALID);
    t.clock.advance(24 * 60 * 60 * 1000 + 1000);
    expect((await confirm(links[1])).json()).toEqual(LINK_INVALID);
    expect(await emailOf(staff.id)).toBe('staff@example.org');
  });

  it('refuses an address taken meanwhile (409), unknown tokens (400), and a malformed body (400)', async () => {
    const staff = await as('staff@example.org');
    const mark = await lastMailId(t.app);
    await staff.update({ user_id: staff.id, email: 'wanted@example.org' });
    const token = tokenIn((await mailsSince(t.app, mark))[0].text_body)!;
    const director = await as('director@example.org');
    const staff2Id = await userIdOf(t.app, 'staff2@example.org');
    await director.update({ user_id: staff2Id, email: 'wanted@example.org' });
    const staff2Token = tokenIn((await mailsSince(t.app, mark)).filter((m) => m.to_address === 'wanted@example.org')[1].text_body)!;
    expect((await confirm(staff2Token)).statusCode).toBe(200);
    const taken = await confirm(token);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: 'E-mail wanted@example.org is already in use', code: 'EMAIL_IN_USE' });
    expect(await emailOf(staff.id)).toBe('staff@example.org');
    expect((await confirm('not-a-token')).json()).toEqual(LINK_INVALID);
    const malformed = await t.app.inject({ method: 'POST', url: '/api/v1/users/confirm-email', payload: { token: 'x', user_id: 1 } });
    expect(malformed.statusCode).toBe(400);
  });
});
