import { createTestApp, DIALECTS, type TestApp } from '../../test-support/app';

const LIMITED = { error: 'Too many attempts. Please wait a minute and try again.', code: 'RATE_LIMITED' };

describe.each(DIALECTS)('rate limits (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, {
      rateLimits: { authenticate: { max: 3, timeWindow: 60_000 }, passwordReset: { max: 2, timeWindow: 60_000 } },
    });
  });
  afterAll(() => t.close());

  const login = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/users/authenticate', payload: { email, password: 'wrong-password' } });

  it('limits sign-in attempts per IP and e-mail', async () => {
    for (let i = 0; i < 3; i += 1) expect((await login('director@example.org')).statusCode).toBe(401);
    const limited = await login('Director@example.org');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(LIMITED);
    // Another account from the same address still gets its own attempts.
    expect((await login('staff@example.org')).statusCode).toBe(401);
  });

  it('limits reset requests and reset submissions per IP', async () => {
    const forgot = () => t.app.inject({ method: 'POST', url: '/api/v1/forgot-password', payload: { email: 'nobody@example.org' } });
    const submit = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/forgot-password/validate',
        payload: { token: 'nope', email: 'nobody@example.org', password: 'long-enough-1' },
      });
    expect((await forgot()).statusCode).toBe(200);
    expect((await forgot()).statusCode).toBe(200);
    expect((await forgot()).json()).toEqual(LIMITED);
    expect((await submit()).statusCode).toBe(400);
    expect((await submit()).statusCode).toBe(400);
    const limited = await submit();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(LIMITED);
    // Another client address is counted separately.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/v1/forgot-password',
      payload: { email: 'nobody@example.org' },
      remoteAddress: '10.0.0.9',
    });
    expect(other.statusCode).toBe(200);
  });
});
