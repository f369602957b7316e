import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { authHeaders, signIn } from '../../../test-support/http';
import { readMailFolder, resetLinkIn } from '../../../test-support/mail';

const SENT = { message: 'Reset password code has been sent to your email' };
const FAILED = { error: "Error. Couldn't reset password", code: 'RESET_LINK_INVALID' };
const refused = (why: string, code: string) => ({ error: `Error. Couldn't reset password: ${why}`, code });
const USED = refused(
  'this link has already been used. To change your password again, ask for a new link with Reset Password.',
  'RESET_LINK_USED',
);
const SUPERSEDED = refused(
  'a newer link has been sent to your e-mail since this one. Open the latest e-mail, or ask for a new link with Reset Password.',
  'RESET_LINK_SUPERSEDED',
);
const EXPIRED = refused('this link has expired. Ask for a new link with Reset Password.', 'RESET_LINK_EXPIRED');

describe.each(DIALECTS)('password reset (%s)', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(() => t.close());

  const forgot = (email: string) => t.app.inject({ method: 'POST', url: '/api/v1/forgot-password', payload: { email } });
  const reset = (payload: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/v1/forgot-password/validate', payload });

  async function requestLink(email: string) {
    expect((await forgot(email)).json()).toEqual(SENT);
    await t.app.outbox.runOnce();
    const mails = (await readMailFolder(t.dataDir)).filter((m) => m.to === email);
    const link = resetLinkIn(mails[mails.length - 1].body);
    return { token: link.searchParams.get('token')!, email: link.searchParams.get('email')! };
  }

  it('answers known and unknown addresses identically and mails only the known one', async () => {
    const known = await forgot('finance_officer@example.org');
    const unknown = await forgot('nobody@example.org');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual(SENT);

    await t.app.outbox.runOnce();
    const mails = await readMailFolder(t.dataDir);
    expect(mails).toHaveLength(1);
    expect(mails[0].file).toMatch(/^\d{4}-\d\d-\d\dT[\d-]+\.\d{3}Z-\d+\.eml$/);
    expect(mails[0].to).toBe('finance_officer@example.org');
    expect(mails[0].subject).toBe('Reset your Imprest password');
    const link = resetLinkIn(mails[0].body);
    expect(`${link.origin}${link.pathname}`).toBe('http://imprest.test/reset-link');
    expect(link.searchParams.get('email')).toBe('finance_officer@example.org');
    expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('rejects a malformed address with "Invalid Email address"', async () => {
    const response = await forgot('not-an-address');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Invalid Email address', code: 'BAD_REQUEST' });
  });

  it('resets once with the mailed token, revokes old sessions, and the new password signs in', async () => {
    const { token: oldToken } = await signIn(t.app, 'staff@example.org');
    const { token, email } = await requestLink('staff@example.org');

    const first = await reset({ token, email, password: 'a-brand-new-secret' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: 'Password reset successful' });

    const second = await reset({ token, email, password: 'another-new-secret' });
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual(USED);

    const validate = await t.app.inject({ method: 'GET', url: '/api/v1/users/validate-token', headers: authHeaders(oldToken) });
    expect(validate.statusCode).toBe(401);
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/authenticate',
      payload: { email: 'staff@example.org', password: 'demo-pass-2026' },
    });
    expect(old.statusCode).toBe(401);
    await signIn(t.app, 'staff@example.org', 'a-brand-new-secret');

    const audit = await t.app.db.selectFrom('audit_log').selectAll().where('action', '=', 'password_reset').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0].after_json).not.toContain('argon2');
  });

  it('refuses an expired token, a token for another e-mail, a superseded token and a made-up token, saying why only to the link’s holder', async () => {
    const first = await requestLink('director@example.org');
    const second = await requestLink('director@example.org');
    expect((await reset({ ...first, password: 'a-brand-new-secret' })).json()).toEqual(SUPERSEDED);
    expect((await reset({ ...first, email: 'staff@example.org', password: 'a-brand-new-secret' })).json()).toEqual(FAILED);
    expect((await reset({ ...second, email: 'staff@example.org', password: 'a-brand-new-secret' })).json()).toEqual(FAILED);
    expect((await reset({ token: 'x'.repeat(43), email: second.email, password: 'a-brand-new-secret' })).json()).toEqual(FAILED);

    t.clock.advance(61 * 60 * 1000);
    const expired = await reset({ ...second, password: 'a-brand-new-secret' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual(EXPIRED);
    expect((await reset({ ...second, email: 'staff@example.org', password: 'a-brand-new-secret' })).json()).toEqual(FAILED);
  });

  it('enforces the password length rules of packages/domain', async () => {
    const { token, email } = await requestLink('director@example.org');
    const short = await reset({ token, email, password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().code).toBe('BAD_REQUEST');
    const long = await reset({ token, email, password: 'x'.repeat(129) });
    expect(long.statusCode).toBe(400);
    // The failed attempts did not use the token up.
    expect((await reset({ token, email, password: 'long-enough-now' })).statusCode).toBe(200);
  });
});
