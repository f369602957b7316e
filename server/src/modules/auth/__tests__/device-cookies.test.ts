import { createTestApp, DIALECTS, type TestApp } from '../../../test-support/app';
import { readMailFolder, resetLinkIn } from '../../../test-support/mail';
import { DEMO_PASSWORD } from '../../../db/seed';

/**
 * Anyone can make ten wrong guesses at a director's address; that must not keep the director out
 * on the computer they always use (a device cookie), while the guessing limits still hold for
 * every unknown device, and for a device cookie that was stolen, forged or issued to someone else.
 */
const BLOCKED = { error: 'Too many failed sign-ins. Please wait 15 minutes and try again.', code: 'TOO_MANY_SIGN_INS' };
const DIRECTOR = 'director@example.org';

describe.each(DIALECTS)('device cookies against lockout (%s)', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(() => t.close());

  const login = (email: string, password: string, { ip = '127.0.0.1', cookie }: { ip?: string; cookie?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/users/authenticate',
      payload: { email, password },
      remoteAddress: ip,
      headers: cookie ? { cookie } : {},
    });
  /** The cookie a browser sends back after an answer's Set-Cookie (name=value only). */
  const cookieFrom = (answer: { headers: Record<string, unknown> }) => String(answer.headers['set-cookie']).split(';')[0]!;
  /** The attacker: one wrong guess from each of ten addresses, no cookie. */
  async function attack(email: string) {
    for (let i = 1; i <= 10; i += 1) expect((await login(email, 'wrong-guess', { ip: `198.51.100.${i}` })).statusCode).toBe(401);
  }

  it('lets the director in from the device they signed in on before, however many failures others made; an unknown device stays locked', async () => {
    const first = await login(DIRECTOR, DEMO_PASSWORD, { ip: '10.0.0.5' });
    expect(first.statusCode).toBe(200);
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toMatch(
      /^imprest_device=[\w-]{22}\.[\w-]{43}; Path=\/api\/v1\/users\/authenticate; Max-Age=31536000; HttpOnly; SameSite=Strict$/,
    );
    const device = cookieFrom(first);

    await attack(DIRECTOR);
    // unknown devices: locked out, the right password included, from any address
    expect((await login(DIRECTOR, DEMO_PASSWORD, { ip: '10.0.0.5' })).json()).toEqual(BLOCKED);
    expect((await login(DIRECTOR, DEMO_PASSWORD, { ip: '10.0.0.9' })).statusCode).toBe(429);
    // the known device: in, from home as from the office, and again after a typo
    expect((await login(DIRECTOR, DEMO_PASSWORD, { ip: '10.0.0.5', cookie: device })).statusCode).toBe(200);
    expect((await login(DIRECTOR, 'typo', { ip: '192.0.2.7', cookie: device })).statusCode).toBe(401);
    const again = await login(DIRECTOR, DEMO_PASSWORD, { ip: '192.0.2.7', cookie: device });
    expect(again.statusCode).toBe(200);
    // a fresh cookie each time; the old one still names the device
    expect(cookieFrom(again)).not.toBe(device);
    expect((await login(DIRECTOR, DEMO_PASSWORD, { cookie: cookieFrom(again) })).statusCode).toBe(200);
    // the attack keeps going: still no way in for the attacker's devices
    for (let i = 1; i <= 5; i += 1) expect((await login(DIRECTOR, 'wrong-guess', { ip: `198.51.100.${i}` })).statusCode).toBe(429);
    expect((await login(DIRECTOR, DEMO_PASSWORD, { ip: '198.51.100.1' })).statusCode).toBe(429);
  });

  it('gives nothing to a forged cookie, a tampered one, or one issued for the attacker’s own account', async () => {
    const genuine = cookieFrom(await login(DIRECTOR, DEMO_PASSWORD));
    const attackers = cookieFrom(await login('staff@example.org', DEMO_PASSWORD, { ip: '198.51.100.20' }));
    await attack(DIRECTOR);

    const [name, value] = genuine.split('=') as [string, string];
    const flip = (text: string, at: number) => text.slice(0, at) + (text[at] === 'x' ? 'y' : 'x') + text.slice(at + 1);
    const tampered = `${name}=${flip(value, value.length - 1)}`; // the spare bits of the last character too
    const otherId = `${name}=${flip(value, 3)}`;
    const madeUp = `imprest_device=${'a'.repeat(22)}.${'b'.repeat(43)}`;
    for (const cookie of [attackers, tampered, otherId, madeUp, 'imprest_device=junk', `${attackers}; ${madeUp}`]) {
      const answer = await login(DIRECTOR, DEMO_PASSWORD, { ip: '198.51.100.20', cookie });
      expect({ cookie, status: answer.statusCode }).toEqual({ cookie, status: 429 });
    }
    expect((await login(DIRECTOR, DEMO_PASSWORD, { cookie: genuine })).statusCode).toBe(200);
  });

  it('holds a stolen device cookie to the same ten guesses, after which even the right password is refused with it', async () => {
    const stolen = cookieFrom(await login(DIRECTOR, DEMO_PASSWORD));
    for (let i = 1; i <= 10; i += 1) {
      expect((await login(DIRECTOR, `guess-${i}`, { ip: `203.0.113.${i}`, cookie: stolen })).statusCode).toBe(401);
    }
    expect((await login(DIRECTOR, DEMO_PASSWORD, { ip: '203.0.113.50', cookie: stolen })).json()).toEqual(BLOCKED);
    // those guesses were the device's own: unknown devices were not blocked by them
    expect((await login(DIRECTOR, DEMO_PASSWORD, { ip: '10.0.0.5' })).statusCode).toBe(200);
  });

  it('keeps one entry per account in a shared browser, so each of its people stays known', async () => {
    const director = await login(DIRECTOR, DEMO_PASSWORD);
    const both = cookieFrom(await login('admin@example.org', DEMO_PASSWORD, { cookie: cookieFrom(director) }));
    await attack(DIRECTOR);
    await attack('admin@example.org');
    expect((await login(DIRECTOR, DEMO_PASSWORD, { cookie: both })).statusCode).toBe(200);
    expect((await login('admin@example.org', DEMO_PASSWORD, { cookie: both })).statusCode).toBe(200);
  });

  it('makes the browser that used an e-mailed reset link a known device, so a locked-out holder gets in', async () => {
    await attack(DIRECTOR);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/forgot-password', payload: { email: DIRECTOR } })).statusCode).toBe(200);
    await t.app.outbox.runOnce();
    const mails = (await readMailFolder(t.dataDir)).filter((m) => m.to === DIRECTOR);
    const link = resetLinkIn(mails[mails.length - 1]!.body);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/forgot-password/validate',
      payload: { token: link.searchParams.get('token'), email: DIRECTOR, password: 'a-new-pass-2026' },
    });
    expect(reset.statusCode).toBe(200);
    expect(String(reset.headers['set-cookie'])).toContain('HttpOnly');
    expect((await login(DIRECTOR, 'a-new-pass-2026')).statusCode).toBe(429);
    expect((await login(DIRECTOR, 'a-new-pass-2026', { cookie: cookieFrom(reset) })).statusCode).toBe(200);
  });
});
